-- Each invoice line may say the period of service it charges (first and last day, in the seller's
-- calendar). Lines issued before have none (nullable columns: no row is rewritten, so the
-- immutability trigger of 0021 is not involved).
ALTER TABLE "invoice_lines" ADD COLUMN "period_start" date;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "period_end" date;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_period" CHECK (("invoice_lines"."period_start" IS NULL AND "invoice_lines"."period_end" IS NULL) OR ("invoice_lines"."period_start" IS NOT NULL AND "invoice_lines"."period_end" IS NOT NULL AND "invoice_lines"."period_start" <= "invoice_lines"."period_end"));