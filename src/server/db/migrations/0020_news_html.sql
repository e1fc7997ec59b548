-- News bodies become HTML (issue 12 part 7): a body stored as plain text, paragraphs separated by a
-- blank line, is escaped and wrapped in <p> paragraphs, in every language of every item.
UPDATE "news" SET "translations" = (
  SELECT jsonb_object_agg(entry.language, entry.text || jsonb_build_object('body',
    '<p>' || regexp_replace(replace(replace(replace(entry.text ->> 'body', '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), E'\n\\s*\n', '</p><p>', 'g') || '</p>'))
  FROM jsonb_each("news"."translations") AS entry(language, text)
)
WHERE left(ltrim("translations" -> 'zh-TW' ->> 'body'), 1) <> '<';
