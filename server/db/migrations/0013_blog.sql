-- The blog (docs/product-rules.md#blog): authors, categories, tags and posts.
--
-- Categories, tags and authors have a stable `key` (kebab-case ASCII, the name the content files
-- and the code use) and one slug and name per locale in columns: the site has exactly two locales
-- (vi at the root, en under /en/), so a column per locale keeps every query a plain join. A slug
-- is unique within its locale only: the same word may be a slug in both languages.
--
-- `source` says who wrote the row last: 'seed' (content/blog/ files, loaded at start-up) or
-- 'admin' (the editor). `content_hash` is the sha-256 of the seed text the row was last loaded
-- from; the loader updates a 'seed' row only when that hash changes and never touches an 'admin'
-- row, so an admin's edit survives every restart.

CREATE TABLE blog_authors (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  key text NOT NULL UNIQUE CHECK (key ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  slug_vi text NOT NULL UNIQUE CHECK (slug_vi ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  slug_en text NOT NULL UNIQUE CHECK (slug_en ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name text NOT NULL,                           -- a person's name is the same in both languages
  role_vi text NOT NULL,
  role_en text NOT NULL,
  bio_vi text NOT NULL,
  bio_en text NOT NULL,
  user_id text REFERENCES users (id) ON DELETE SET NULL,  -- the account that writes as this author, if any
  source text NOT NULL CHECK (source IN ('seed', 'admin')),
  content_hash text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE TABLE blog_categories (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  key text NOT NULL UNIQUE CHECK (key ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  slug_vi text NOT NULL UNIQUE CHECK (slug_vi ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  slug_en text NOT NULL UNIQUE CHECK (slug_en ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name_vi text NOT NULL,
  name_en text NOT NULL,
  description_vi text,                          -- the category page's meta description; null: a generic one
  description_en text,
  position integer NOT NULL DEFAULT 0,          -- display order (the taxonomy file's order)
  source text NOT NULL CHECK (source IN ('seed', 'admin')),
  content_hash text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE TABLE blog_tags (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  key text NOT NULL UNIQUE CHECK (key ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  slug_vi text NOT NULL UNIQUE CHECK (slug_vi ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  slug_en text NOT NULL UNIQUE CHECK (slug_en ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name_vi text NOT NULL,
  name_en text NOT NULL,
  source text NOT NULL CHECK (source IN ('seed', 'admin')),
  content_hash text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

-- One row per post per locale; `translation_key` links the vi and en rows of one article (the
-- hreflang alternates). The markdown is the source; `html` (sanitised), `toc` and the reading
-- time are derived from it on every save, so a page read never renders markdown.
CREATE TABLE blog_posts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  translation_key text NOT NULL CHECK (translation_key ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  locale text NOT NULL CHECK (locale IN ('vi', 'en')),
  slug text NOT NULL CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND char_length(slug) <= 120),
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 200),
  description text NOT NULL CHECK (char_length(description) BETWEEN 1 AND 160),  -- search results' snippet
  markdown text NOT NULL,
  html text NOT NULL,
  toc jsonb NOT NULL,                           -- [{ id, text, depth: 2 | 3 }], in document order
  reading_minutes integer NOT NULL CHECK (reading_minutes >= 1),
  word_count integer NOT NULL CHECK (word_count >= 0),  -- whitespace-separated units: words (en), syllables (vi)
  status text NOT NULL CHECK (status IN ('draft', 'published')),
  published_at timestamptz,                     -- null only for a draft never published
  updated_at timestamptz NOT NULL,              -- the article's last meaningful change (feeds, sitemap lastmod)
  created_at timestamptz NOT NULL,
  author_id uuid NOT NULL REFERENCES blog_authors (id) ON DELETE RESTRICT,
  category_id uuid NOT NULL REFERENCES blog_categories (id) ON DELETE RESTRICT,
  -- Title, description and body text, lower-cased, without diacritics (đ -> d), spaces collapsed
  -- (server/blog/text.ts): every query term, normalised the same way, must occur in it.
  search_text text NOT NULL,
  -- A byte string that orders titles like a Vietnamese dictionary (server/blog/text.ts), compared
  -- byte by byte so PGlite and Postgres sort alike whatever the database's own collation.
  title_sort text COLLATE "C" NOT NULL,
  source text NOT NULL CHECK (source IN ('seed', 'admin')),
  content_hash text,
  UNIQUE (locale, slug),
  UNIQUE (translation_key, locale),
  CHECK (status = 'draft' OR published_at IS NOT NULL)
);
CREATE INDEX blog_posts_latest_idx ON blog_posts (locale, published_at DESC) WHERE status = 'published';
CREATE INDEX blog_posts_title_idx ON blog_posts (locale, title_sort COLLATE "C") WHERE status = 'published';
CREATE INDEX blog_posts_category_idx ON blog_posts (category_id);
CREATE INDEX blog_posts_author_idx ON blog_posts (author_id);

-- A post's tags, in the order the author listed them.
CREATE TABLE blog_post_tags (
  post_id uuid NOT NULL REFERENCES blog_posts (id) ON DELETE CASCADE,
  tag_id uuid NOT NULL REFERENCES blog_tags (id) ON DELETE RESTRICT,
  position integer NOT NULL CHECK (position >= 0),
  PRIMARY KEY (post_id, tag_id)
);
CREATE INDEX blog_post_tags_tag_idx ON blog_post_tags (tag_id);
