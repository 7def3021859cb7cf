CREATE TABLE "provider_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"object_ref" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "provider_object_states" (
	"provider" text NOT NULL,
	"ref" text NOT NULL,
	"state" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_object_states_provider_ref_pk" PRIMARY KEY("provider","ref")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "provider_events_provider_event_id_index" ON "provider_events" USING btree ("provider","event_id");