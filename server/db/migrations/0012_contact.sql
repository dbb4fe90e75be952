-- The contact form (docs/product-rules.md#contact).

-- One row per message sent through /contact. The attached files are in the media storage under
-- `contact/{id}/…`; `files` lists them as the sender named them.
CREATE TABLE contact_messages (
  id text PRIMARY KEY,
  reference text NOT NULL UNIQUE,               -- what the sender and support quote (both mails carry it)
  first_name text NOT NULL,
  last_name text NOT NULL,
  email text NOT NULL,
  phone text NOT NULL,                          -- '' when not given
  topic text NOT NULL CHECK (topic IN ('support', 'pricing', 'business', 'feedback', 'other')),
  description text NOT NULL,
  language text NOT NULL CHECK (language IN ('vi', 'en')),
  files jsonb NOT NULL,                         -- [{ key, name, type, bytes }], at most 4
  created_at timestamptz NOT NULL
);
CREATE INDEX contact_messages_created_idx ON contact_messages (created_at DESC);

-- Proof-of-work challenges already used: a solution works once. A row is needed only while its
-- challenge could still pass (until it expires); expired rows are pruned as new ones arrive.
CREATE TABLE contact_used_challenges (
  salt text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX contact_used_challenges_expiry_idx ON contact_used_challenges (expires_at);
