CREATE TABLE "sso_assertions" (
	"team_id" uuid NOT NULL,
	"assertion_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sso_assertions_team_id_assertion_id_pk" PRIMARY KEY("team_id","assertion_id")
);
--> statement-breakpoint
CREATE TABLE "sso_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"provider" jsonb NOT NULL,
	"client_secret_sealed" text,
	"mapping" jsonb NOT NULL,
	"enforced" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_connections_teamId_unique" UNIQUE("team_id")
);
--> statement-breakpoint
CREATE TABLE "sso_domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"token" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"checked_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"state_hash" text NOT NULL,
	"nonce" text,
	"code_verifier" text,
	"saml_request_id" text,
	"browser_hash" text NOT NULL,
	"outcome" jsonb,
	"code_hash" text,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_requests_stateHash_unique" UNIQUE("state_hash"),
	CONSTRAINT "sso_requests_codeHash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
ALTER TABLE "sso_assertions" ADD CONSTRAINT "sso_assertions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_connections" ADD CONSTRAINT "sso_connections_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_domains" ADD CONSTRAINT "sso_domains_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_requests" ADD CONSTRAINT "sso_requests_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_assertions_expires_at_index" ON "sso_assertions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_domains_team_id_domain_index" ON "sso_domains" USING btree ("team_id","domain");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_domains_verified_domain" ON "sso_domains" USING btree ("domain") WHERE "sso_domains"."status" = 'verified';--> statement-breakpoint
CREATE INDEX "sso_requests_expires_at_index" ON "sso_requests" USING btree ("expires_at");