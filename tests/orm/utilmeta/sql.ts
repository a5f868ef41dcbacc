/** The peer's tables as SQL (Django's migrations, with article/comment concrete and `content` a view). */

/** BaseContent's columns, in both concrete tables. */
const contentColumns = `  id integer PRIMARY KEY DEFAULT nextval('content_id_seq'),
  content text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  public boolean NOT NULL DEFAULT false,
  author_id integer NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
`
export const createTables = `
DROP VIEW IF EXISTS article_stats, content CASCADE;
DROP TABLE IF EXISTS liked, comment, article, follow, "user" CASCADE;
DROP SEQUENCE IF EXISTS content_id_seq;
CREATE SEQUENCE content_id_seq;
CREATE TABLE "user" (
  id serial PRIMARY KEY,
  username varchar(20) NOT NULL UNIQUE,
  password varchar(128) NOT NULL DEFAULT '',
  jwt_token text,
  avatar text,
  admin boolean NOT NULL DEFAULT false,
  signup_time timestamptz NOT NULL DEFAULT now(),
  last_login_time timestamptz NOT NULL DEFAULT now(),
  last_login_ip text,
  last_activity timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE follow (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
  target_id integer NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
  follow_time timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT follow_user_target UNIQUE (user_id, target_id)
);
CREATE TABLE article (
${contentColumns}  type varchar(20) NOT NULL DEFAULT 'article',
  title varchar(40) NOT NULL,
  description text NOT NULL DEFAULT '',
  slug varchar(50) NOT NULL UNIQUE,
  views integer NOT NULL DEFAULT 0 CHECK (views >= 0),
  tags jsonb NOT NULL DEFAULT '[]'
);
CREATE TABLE comment (
${contentColumns}  type varchar(20) NOT NULL DEFAULT 'comment',
  on_content_id integer NOT NULL
);
CREATE TABLE liked (
  id serial PRIMARY KEY,
  content_id integer NOT NULL,
  user_id integer NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
  CONSTRAINT liked_content_user UNIQUE (content_id, user_id)
);
CREATE INDEX ON follow (target_id);
CREATE INDEX ON article (author_id);
CREATE INDEX ON comment (author_id);
CREATE INDEX ON comment (on_content_id);
CREATE INDEX ON liked (user_id);
CREATE VIEW content AS
  SELECT id, content, created_at, updated_at, public, author_id, type, NULL::integer AS on_content_id FROM article
  UNION ALL
  SELECT id, content, created_at, updated_at, public, author_id, type, on_content_id FROM comment;
CREATE VIEW article_stats AS
  SELECT a.id AS article_id,
    (SELECT count(*)::int FROM comment c WHERE c.on_content_id = a.id) AS comments_num,
    (SELECT count(*)::int FROM liked l WHERE l.content_id = a.id) AS liked_bys_num
  FROM article a;
`
