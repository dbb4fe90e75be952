-- The origin the seller checked out from (server/http/origin.ts): the payment returns there and
-- the receipt mail links there, so a seller who opened http://127.0.0.1:8080 is not sent to
-- http://localhost:8080, where the browser holds no session (docs/product-rules.md#public-origin).
-- Null for orders made before it, and those made with no request (renewals): PUBLIC_URL.
ALTER TABLE payment_orders ADD COLUMN return_origin text;
