CREATE TABLE "wallet_passes" (
	"profile_id" uuid PRIMARY KEY NOT NULL,
	"pass_type_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_registrations" (
	"device_library_id" text NOT NULL,
	"pass_type_id" text NOT NULL,
	"profile_id" uuid NOT NULL,
	"push_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_registrations_device_library_id_pass_type_id_profile_id_pk" PRIMARY KEY("device_library_id","pass_type_id","profile_id")
);
--> statement-breakpoint
ALTER TABLE "wallet_passes" ADD CONSTRAINT "wallet_passes_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_registrations" ADD CONSTRAINT "wallet_registrations_profile_id_wallet_passes_profile_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."wallet_passes"("profile_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_registrations_profile_id_index" ON "wallet_registrations" USING btree ("profile_id");