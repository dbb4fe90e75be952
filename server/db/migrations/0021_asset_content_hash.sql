-- One asset per file (docs/product-rules.md#upload-dedupe) and working files kept out of the
-- library's lists (docs/product-rules.md#working-files).

-- The SHA-256 (hex) of an upload's bytes as they were sent. Null for results and for uploads stored
-- before this migration: an image is stored re-encoded (oriented, stripped, fitted), so the bytes
-- that were sent are gone and their hash cannot be computed afterwards; those stay as they are.
ALTER TABLE assets ADD COLUMN content_sha256 text;

-- An account's upload of bytes it already has, for the same use, is that asset: the same bytes
-- sent as a studio input and as an upscaler input are stored differently (fitted to 2048 px or
-- not), and a mask is a working file, not a photo. The index finds the asset and refuses a second
-- row when two identical uploads are stored at once (the later one then answers the first).
-- Per account only: another account's identical file is never looked at.
CREATE UNIQUE INDEX assets_user_content_idx
  ON assets (user_id, content_sha256, (metadata->>'purpose'), (roles @> '["mask"]'::jsonb))
  WHERE content_sha256 IS NOT NULL;

-- The hairstyle changer's brush masks were uploaded as portraits (role 'hair', and with it every
-- image role), so they showed in every photo picker. The studio names each one 'mat-na-toc.png';
-- an upload named as the mask input of one of its owner's jobs, and as no other input of any, is
-- a mask too (the public API's). Both become masks: that role alone.
UPDATE assets a
SET roles = '["mask"]'::jsonb
WHERE a.source = 'upload'
  AND a.media_type = 'image'
  AND (
    (a.name = 'mat-na-toc.png' AND a.mime = 'image/png' AND a.roles->>0 = 'hair')
    OR (
      EXISTS (SELECT 1 FROM generations g WHERE g.user_id = a.user_id AND g.inputs->>'mask' = a.id)
      AND NOT EXISTS (
        SELECT 1 FROM generations g
        WHERE g.user_id = a.user_id
          AND g.input_asset_ids @> jsonb_build_array(a.id)
          AND jsonb_path_exists(g.inputs - 'mask', 'strict $.** ? (@ == $id)', jsonb_build_object('id', a.id))
      )
    )
  );
