/** The blog's tables as plain SQL: fw never migrates, the example creates them at startup. */
export const createTables = `
CREATE TABLE IF NOT EXISTS users (
  id serial PRIMARY KEY,
  username text NOT NULL CONSTRAINT users_username_unique UNIQUE,
  email text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS articles (
  id serial PRIMARY KEY,
  author_id integer NOT NULL CONSTRAINT articles_author_id_users_id_fk REFERENCES users(id) ON DELETE CASCADE,
  title text NOT NULL,
  content text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS comments (
  id serial PRIMARY KEY,
  article_id integer NOT NULL CONSTRAINT comments_article_id_articles_id_fk REFERENCES articles(id) ON DELETE CASCADE,
  author_id integer NOT NULL CONSTRAINT comments_author_id_users_id_fk REFERENCES users(id) ON DELETE CASCADE,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS follows (
  follower_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  following_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  PRIMARY KEY (follower_id, following_id)
);
-- Indexes for what the API filters, orders and joins on (docs/orm.md, "Indexes"):
-- every foreign key a relation, Count or Exists follows, and every OrderBy column.
CREATE INDEX IF NOT EXISTS articles_author_id_idx ON articles (author_id);
CREATE INDEX IF NOT EXISTS articles_created_at_idx ON articles (created_at, id);
CREATE INDEX IF NOT EXISTS articles_title_idx ON articles (title, id);
CREATE INDEX IF NOT EXISTS comments_article_id_idx ON comments (article_id);
CREATE INDEX IF NOT EXISTS comments_author_id_idx ON comments (author_id);
CREATE INDEX IF NOT EXISTS follows_following_id_idx ON follows (following_id);
`
