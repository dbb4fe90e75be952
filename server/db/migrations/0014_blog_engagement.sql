-- The blog's engagement: the newsletter (docs/product-rules.md#newsletter) and comments held for
-- moderation (docs/product-rules.md#blog-comments).

-- One row per address (lower-cased). 'pending' until the address confirms through the mailed
-- link: nothing but that confirmation is ever sent to it. The confirmation token is stored as its
-- keyed hash only, works once and until `confirm_expires_at` (48 h); a new request replaces it.
-- The unsubscribe link needs no column: it is the row's id signed with the server's key.
CREATE TABLE newsletter_subscribers (
  id text PRIMARY KEY,
  email text NOT NULL UNIQUE CHECK (email = lower(email) AND char_length(email) <= 254),
  language text NOT NULL CHECK (language IN ('vi', 'en')),
  status text NOT NULL CHECK (status IN ('pending', 'confirmed', 'unsubscribed')),
  confirm_token_hash text UNIQUE,
  confirm_expires_at timestamptz,
  created_at timestamptz NOT NULL,
  confirmed_at timestamptz,
  unsubscribed_at timestamptz,
  CHECK ((confirm_token_hash IS NULL) = (confirm_expires_at IS NULL)),
  CHECK (status = 'pending' OR confirm_token_hash IS NULL),
  CHECK (status <> 'confirmed' OR confirmed_at IS NOT NULL)
);
-- The sender's list (in id order, page by page): confirmed addresses only.
CREATE INDEX newsletter_subscribers_confirmed_idx ON newsletter_subscribers (id) WHERE status = 'confirmed';

-- A comment on one locale's row of a post, by a signed-in account. Every comment starts
-- 'pending' and shows to readers only once a moderator approves it; 'hidden' ones show to nobody
-- (a moderator's decision, or their author's ban); a deleted one is gone.
CREATE TABLE blog_comments (
  id text PRIMARY KEY,
  post_id uuid NOT NULL REFERENCES blog_posts (id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 2000),
  status text NOT NULL CHECK (status IN ('pending', 'approved', 'hidden')),
  created_at timestamptz NOT NULL,
  moderated_at timestamptz,
  moderated_by text REFERENCES users (id) ON DELETE SET NULL
);
-- A post's thread, newest first (readers see the approved ones, an author their own pending too).
CREATE INDEX blog_comments_post_idx ON blog_comments (post_id, created_at DESC, id DESC);
-- The moderation queue by status, newest first.
CREATE INDEX blog_comments_status_idx ON blog_comments (status, created_at DESC, id DESC);
CREATE INDEX blog_comments_user_idx ON blog_comments (user_id);

-- Accounts barred from commenting, and by whom; the ban ends when the row goes.
CREATE TABLE blog_comment_bans (
  user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  banned_by text REFERENCES users (id) ON DELETE SET NULL,
  reason text CHECK (char_length(reason) <= 500),
  created_at timestamptz NOT NULL
);
