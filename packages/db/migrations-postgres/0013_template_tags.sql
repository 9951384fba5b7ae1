-- Template tags (schema/templates.ts templateTags).
CREATE TABLE "template_tags" (
	"account_id" text COLLATE "C" NOT NULL,
	"template_id" text COLLATE "C" NOT NULL,
	"tag_key" text COLLATE "C" NOT NULL,
	"tag" text COLLATE "C" NOT NULL,
	CONSTRAINT "template_tags_template_id_tag_key_pk" PRIMARY KEY("template_id","tag_key")
);
--> statement-breakpoint
ALTER TABLE "template_tags" ADD CONSTRAINT "template_tags_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "template_tags_account_tag" ON "template_tags" USING btree ("account_id","tag_key","template_id");