-- Access tokens issued before this moment are refused: a password reset signs out every
-- device that held a token (a stolen token stops working with the old password).
alter table users add column if not exists tokens_valid_after timestamptz;
