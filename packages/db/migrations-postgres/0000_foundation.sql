CREATE TABLE "account_branding" (
	"account_id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"accent_color" text COLLATE "C",
	"logo_type" text COLLATE "C",
	"logo_base64" text COLLATE "C",
	"logo_hash" text COLLATE "C",
	"frame_origins" text COLLATE "C" DEFAULT '[]' NOT NULL,
	"default_locale" text COLLATE "C",
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"email" text COLLATE "C" NOT NULL,
	"default_sender_name" text COLLATE "C",
	"retention_days" bigint,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "allowance_daily" (
	"account_id" text COLLATE "C" NOT NULL,
	"day" bigint NOT NULL,
	"units" bigint NOT NULL,
	CONSTRAINT "allowance_daily_account_id_day_pk" PRIMARY KEY("account_id","day")
);
--> statement-breakpoint
CREATE TABLE "allowance_usage" (
	"account_id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"window_start" bigint NOT NULL,
	"used" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "allowances" (
	"account_id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"units" bigint NOT NULL,
	"period_ms" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"session_id" text COLLATE "C" NOT NULL,
	"participant_id" text COLLATE "C",
	"type" text COLLATE "C" NOT NULL,
	"at" bigint NOT NULL,
	"ip" text COLLATE "C",
	"user_agent" text COLLATE "C",
	"data" text COLLATE "C",
	"seq" bigint,
	"prev_hash" text COLLATE "C",
	"hash" text COLLATE "C"
);
--> statement-breakpoint
CREATE TABLE "blobs" (
	"sha256" text COLLATE "C" PRIMARY KEY NOT NULL,
	"size" bigint NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bulk_batches" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"template_id" text COLLATE "C",
	"entry_count" bigint NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"session_id" text COLLATE "C" NOT NULL,
	"position" bigint NOT NULL,
	"filename" text COLLATE "C" NOT NULL,
	"cloud_file_id" text COLLATE "C",
	"source_sha256" text COLLATE "C" NOT NULL,
	"prepared_sha256" text COLLATE "C" NOT NULL,
	"prepared_document_id" text COLLATE "C",
	"template_document_id" text COLLATE "C",
	"page_count" bigint NOT NULL,
	"final_sha256" text COLLATE "C"
);
--> statement-breakpoint
CREATE TABLE "drive_connections" (
	"account_id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"provider" text COLLATE "C" NOT NULL,
	"settings" text COLLATE "C" NOT NULL,
	"account_email" text COLLATE "C",
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drive_oauth_states" (
	"state_hash" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"code_verifier" text COLLATE "C" NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "field_values" (
	"session_id" text COLLATE "C" NOT NULL,
	"field_id" text COLLATE "C" NOT NULL,
	"value" text COLLATE "C" NOT NULL,
	"participant_id" text COLLATE "C",
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"account_id" text COLLATE "C" NOT NULL,
	"key" text COLLATE "C" NOT NULL,
	"request_hash" text COLLATE "C" NOT NULL,
	"state" text COLLATE "C" NOT NULL,
	"locked_until" bigint NOT NULL,
	"response_status" bigint,
	"response_headers" text COLLATE "C",
	"response_body" text COLLATE "C",
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	CONSTRAINT "idempotency_keys_account_id_key_pk" PRIMARY KEY("account_id","key")
);
--> statement-breakpoint
CREATE TABLE "member_sessions" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"member_id" text COLLATE "C" NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"token_hash" text COLLATE "C" NOT NULL,
	"method" text COLLATE "C" NOT NULL,
	"created_at" bigint NOT NULL,
	"last_seen_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"revoked_at" bigint,
	"user_agent" text COLLATE "C",
	"ip" text COLLATE "C"
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"email" text COLLATE "C" NOT NULL,
	"name" text COLLATE "C",
	"role" text COLLATE "C" NOT NULL,
	"created_at" bigint NOT NULL,
	"last_sign_in_at" bigint
);
--> statement-breakpoint
CREATE TABLE "otp_codes" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"participant_id" text COLLATE "C" NOT NULL,
	"code_hash" text COLLATE "C" NOT NULL,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"attempts" bigint DEFAULT 0 NOT NULL,
	"used_at" bigint
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C",
	"kind" text COLLATE "C" NOT NULL,
	"payload" text COLLATE "C" NOT NULL,
	"created_at" bigint NOT NULL,
	"available_at" bigint NOT NULL,
	"locked_until" bigint,
	"attempts" bigint DEFAULT 0 NOT NULL,
	"last_error" text COLLATE "C",
	"delivered_at" bigint,
	"failed_at" bigint
);
--> statement-breakpoint
CREATE TABLE "participants" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"session_id" text COLLATE "C" NOT NULL,
	"position" bigint NOT NULL,
	"signing_order" bigint NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"email" text COLLATE "C" NOT NULL,
	"role_label" text COLLATE "C",
	"role_id" text COLLATE "C",
	"status" text COLLATE "C" NOT NULL,
	"link_token_hash" text COLLATE "C" NOT NULL,
	"link_token_sealed" text COLLATE "C" NOT NULL,
	"link_revoked_at" bigint,
	"invite_status" text COLLATE "C" NOT NULL,
	"invite_error" text COLLATE "C",
	"notified_at" bigint,
	"viewed_at" bigint,
	"verified_at" bigint,
	"signed_at" bigint,
	"declined_at" bigint,
	"signature" text COLLATE "C",
	"initials" text COLLATE "C",
	"signed_ip" text COLLATE "C",
	"signed_user_agent" text COLLATE "C",
	"otp_failures" bigint DEFAULT 0 NOT NULL,
	"otp_locked_until" bigint,
	"otp_lockouts" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "passkeys" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"member_id" text COLLATE "C" NOT NULL,
	"credential_id" text COLLATE "C" NOT NULL,
	"public_key" text COLLATE "C" NOT NULL,
	"counter" bigint NOT NULL,
	"transports" text COLLATE "C",
	"label" text COLLATE "C",
	"created_at" bigint NOT NULL,
	"last_used_at" bigint
);
--> statement-breakpoint
CREATE TABLE "prepared_documents" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"source_sha256" text COLLATE "C" NOT NULL,
	"signer_count" bigint NOT NULL,
	"prepared_sha256" text COLLATE "C" NOT NULL,
	"page_count" bigint NOT NULL,
	"source_page_count" bigint NOT NULL,
	"layout" text COLLATE "C" NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_windows" (
	"key" text COLLATE "C" PRIMARY KEY NOT NULL,
	"window_start" bigint NOT NULL,
	"count" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"label" text COLLATE "C",
	"token_hash" text COLLATE "C" NOT NULL,
	"hint" text COLLATE "C" NOT NULL,
	"created_at" bigint NOT NULL,
	"last_used_at" bigint,
	"revoked_at" bigint,
	"test" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "send_results" (
	"job_id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"result" text COLLATE "C" NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"source" text COLLATE "C" NOT NULL,
	"template_id" text COLLATE "C",
	"bulk_batch_id" text COLLATE "C",
	"send_job_id" text COLLATE "C" NOT NULL,
	"row_index" bigint NOT NULL,
	"title" text COLLATE "C" NOT NULL,
	"status" text COLLATE "C" NOT NULL,
	"signing_type" text COLLATE "C" NOT NULL,
	"auth_requirement" text COLLATE "C" NOT NULL,
	"notify" bigint NOT NULL,
	"options" text COLLATE "C" NOT NULL,
	"expires_at" bigint NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	"completed_at" bigint,
	"cancelled_at" bigint,
	"cancel_reason" text COLLATE "C",
	"declined_at" bigint,
	"decline_reason" text COLLATE "C",
	"expired_at" bigint,
	"reminders_sent" text COLLATE "C" DEFAULT '[]' NOT NULL,
	"completion_claim" text COLLATE "C",
	"completion_claimed_until" bigint,
	"completion_time" bigint,
	"completion_failures" bigint DEFAULT 0 NOT NULL,
	"completion_error" text COLLATE "C",
	"failed_at" bigint,
	"test" bigint DEFAULT 0 NOT NULL,
	"retention_days" bigint,
	"legal_hold_at" bigint,
	"purge_requested_at" bigint,
	"purge_reason" text COLLATE "C",
	"purged_at" bigint,
	"purged_chain_head" text COLLATE "C",
	"purged_event_count" bigint
);
--> statement-breakpoint
CREATE TABLE "sign_in_links" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"member_id" text COLLATE "C" NOT NULL,
	"token_hash" text COLLATE "C" NOT NULL,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"used_at" bigint
);
--> statement-breakpoint
CREATE TABLE "signer_sessions" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"participant_id" text COLLATE "C" NOT NULL,
	"token_hash" text COLLATE "C" NOT NULL,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_drafts" (
	"participant_id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"data" text COLLATE "C" NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "template_documents" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"template_id" text COLLATE "C" NOT NULL,
	"position" bigint NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"filename" text COLLATE "C" NOT NULL,
	"source_sha256" text COLLATE "C" NOT NULL,
	"prepared_sha256" text COLLATE "C" NOT NULL,
	"page_count" bigint NOT NULL,
	"page_sizes" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "template_fields" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"template_id" text COLLATE "C" NOT NULL,
	"document_id" text COLLATE "C" NOT NULL,
	"role_id" text COLLATE "C",
	"label" text COLLATE "C" NOT NULL,
	"send_label" text COLLATE "C" NOT NULL,
	"type" text COLLATE "C" NOT NULL,
	"page" bigint NOT NULL,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL,
	"width" double precision NOT NULL,
	"height" double precision NOT NULL,
	"required" bigint NOT NULL,
	"position" bigint NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "template_roles" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"template_id" text COLLATE "C" NOT NULL,
	"position" bigint NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"label" text COLLATE "C" NOT NULL,
	"color" text COLLATE "C"
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"created_at" bigint NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"updated_at" bigint,
	"deleted_at" bigint,
	"default_locale" text COLLATE "C"
);
--> statement-breakpoint
CREATE TABLE "webauthn_challenges" (
	"challenge_hash" text COLLATE "C" PRIMARY KEY NOT NULL,
	"purpose" text COLLATE "C" NOT NULL,
	"member_id" text COLLATE "C",
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"endpoint_id" text COLLATE "C" NOT NULL,
	"event_id" text COLLATE "C" NOT NULL,
	"event_type" text COLLATE "C" NOT NULL,
	"outbox_id" text COLLATE "C" NOT NULL,
	"attempt" bigint NOT NULL,
	"status" bigint,
	"duration_ms" bigint NOT NULL,
	"error" text COLLATE "C",
	"at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"url" text COLLATE "C" NOT NULL,
	"events" text COLLATE "C",
	"secret" text COLLATE "C" NOT NULL,
	"previous_secret" text COLLATE "C",
	"previous_secret_expires_at" bigint,
	"created_at" bigint NOT NULL,
	"failing_since" bigint,
	"disabled_at" bigint,
	"disabled_reason" text COLLATE "C"
);
--> statement-breakpoint
ALTER TABLE "account_branding" ADD CONSTRAINT "account_branding_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allowance_daily" ADD CONSTRAINT "allowance_daily_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allowance_usage" ADD CONSTRAINT "allowance_usage_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allowances" ADD CONSTRAINT "allowances_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_batches" ADD CONSTRAINT "bulk_batches_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_batches" ADD CONSTRAINT "bulk_batches_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_connections" ADD CONSTRAINT "drive_connections_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_oauth_states" ADD CONSTRAINT "drive_oauth_states_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_values" ADD CONSTRAINT "field_values_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_sessions" ADD CONSTRAINT "member_sessions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_sessions" ADD CONSTRAINT "member_sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otp_codes" ADD CONSTRAINT "otp_codes_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passkeys" ADD CONSTRAINT "passkeys_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "send_results" ADD CONSTRAINT "send_results_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_bulk_batch_id_bulk_batches_id_fk" FOREIGN KEY ("bulk_batch_id") REFERENCES "public"."bulk_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_links" ADD CONSTRAINT "sign_in_links_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signer_sessions" ADD CONSTRAINT "signer_sessions_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_drafts" ADD CONSTRAINT "signing_drafts_participant_id_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_documents" ADD CONSTRAINT "template_documents_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_fields" ADD CONSTRAINT "template_fields_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_fields" ADD CONSTRAINT "template_fields_document_id_template_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."template_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_fields" ADD CONSTRAINT "template_fields_role_id_template_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."template_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_roles" ADD CONSTRAINT "template_roles_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webauthn_challenges" ADD CONSTRAINT "webauthn_challenges_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_session" ON "audit_events" USING btree ("session_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_session_seq" ON "audit_events" USING btree ("session_id","seq");--> statement-breakpoint
CREATE INDEX "documents_session" ON "documents" USING btree ("session_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "field_values_pk" ON "field_values" USING btree ("session_id","field_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_sessions_hash" ON "member_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "member_sessions_member" ON "member_sessions" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_account_email" ON "members" USING btree ("account_id","email");--> statement-breakpoint
CREATE INDEX "members_email" ON "members" USING btree ("email");--> statement-breakpoint
CREATE INDEX "otp_codes_participant" ON "otp_codes" USING btree ("participant_id","created_at");--> statement-breakpoint
CREATE INDEX "outbox_pending" ON "outbox" USING btree ("delivered_at","failed_at","available_at");--> statement-breakpoint
CREATE INDEX "participants_session" ON "participants" USING btree ("session_id","position");--> statement-breakpoint
CREATE INDEX "participants_email_lower" ON "participants" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "participants_link" ON "participants" USING btree ("link_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "passkeys_credential" ON "passkeys" USING btree ("credential_id");--> statement-breakpoint
CREATE INDEX "passkeys_member" ON "passkeys" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "prepared_documents_source" ON "prepared_documents" USING btree ("source_sha256","signer_count");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_account" ON "refresh_tokens" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "sessions_purge_pending" ON "sessions" USING btree ("purge_requested_at","purged_at");--> statement-breakpoint
CREATE INDEX "sessions_account_created_id" ON "sessions" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "sessions_account_status_created" ON "sessions" USING btree ("account_id","status","created_at");--> statement-breakpoint
CREATE INDEX "sessions_account_template_created" ON "sessions" USING btree ("account_id","template_id","created_at");--> statement-breakpoint
CREATE INDEX "sessions_batch" ON "sessions" USING btree ("bulk_batch_id");--> statement-breakpoint
CREATE INDEX "sessions_active_expiry" ON "sessions" USING btree ("status","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_send_row" ON "sessions" USING btree ("send_job_id","row_index");--> statement-breakpoint
CREATE UNIQUE INDEX "sign_in_links_hash" ON "sign_in_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sign_in_links_member" ON "sign_in_links" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "signer_sessions_token" ON "signer_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "template_fields_template" ON "template_fields" USING btree ("template_id","version","position");--> statement-breakpoint
CREATE INDEX "templates_account" ON "templates" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "webauthn_challenges_expires" ON "webauthn_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint" ON "webhook_deliveries" USING btree ("endpoint_id","at");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_account" ON "webhook_endpoints" USING btree ("account_id");