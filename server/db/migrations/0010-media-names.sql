-- The name of the media file a .tla names on its author's disk (media_path's last part; '' for
-- none or a YouTube URL), kept whether or not the upload included it: the viewer then says which
-- recording was not uploaded instead of showing no player and no reason.
ALTER TABLE concrete_works ADD COLUMN media_name text NOT NULL DEFAULT '';
