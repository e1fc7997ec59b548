CREATE TABLE "banners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "banners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"translations" jsonb NOT NULL,
	"image" text NOT NULL,
	"position" integer NOT NULL,
	"status" smallint DEFAULT 9 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banners_status_check" CHECK ("banners"."status" in (0, 9)),
	CONSTRAINT "banners_translations_check" CHECK ("banners"."translations" ? 'zh-TW'),
	CONSTRAINT "banners_dates_check" CHECK ("banners"."starts_at" is null or "banners"."ends_at" is null or "banners"."starts_at" < "banners"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "support_videos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "support_videos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"translations" jsonb NOT NULL,
	"video_url" text NOT NULL,
	"minutes" integer NOT NULL,
	"position" integer NOT NULL,
	"status" smallint DEFAULT 9 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_videos_status_check" CHECK ("support_videos"."status" in (0, 9)),
	CONSTRAINT "support_videos_translations_check" CHECK ("support_videos"."translations" ? 'zh-TW'),
	CONSTRAINT "support_videos_minutes_check" CHECK ("support_videos"."minutes" between 1 and 600),
	CONSTRAINT "support_videos_url_check" CHECK ("support_videos"."video_url" like 'https://%')
);
--> statement-breakpoint
CREATE INDEX "banners_position_idx" ON "banners" USING btree ("status","position");--> statement-breakpoint
CREATE INDEX "support_videos_position_idx" ON "support_videos" USING btree ("status","position");