-- Existing catalogue rows get their names per language: the demo catalogue's real translations
-- when a row still carries its seeded name, otherwise the current name in all three languages
-- (an admin then translates it in the Tipo-cuenta / catalogue forms).
UPDATE "account_types" SET "names" = '{"en":"Personal","es":"Personal","jp":"個人"}'::jsonb WHERE "names" = '{}'::jsonb AND "code" = 'personal' AND "name" = 'Personal';--> statement-breakpoint
UPDATE "account_types" SET "names" = '{"en":"Business","es":"Empresa","jp":"法人"}'::jsonb WHERE "names" = '{}'::jsonb AND "code" = 'business' AND "name" = 'Empresa';--> statement-breakpoint
UPDATE "billing_periods" SET "names" = '{"en":"Monthly","es":"Mensual","jp":"月払い"}'::jsonb WHERE "names" = '{}'::jsonb AND "code" = 'monthly' AND "name" = 'Mensual';--> statement-breakpoint
UPDATE "billing_periods" SET "names" = '{"en":"Yearly","es":"Anual","jp":"年払い"}'::jsonb WHERE "names" = '{}'::jsonb AND "code" = 'yearly' AND "name" = 'Anual';--> statement-breakpoint
UPDATE "taxes" SET "names" = '{"en":"VAT 21 %","es":"IVA 21 %","jp":"付加価値税 21 %"}'::jsonb WHERE "names" = '{}'::jsonb AND "name" = 'IVA 21 %';--> statement-breakpoint
UPDATE "plans" SET "names" = '{"en":"Free","es":"Gratis","jp":"無料"}'::jsonb WHERE "names" = '{}'::jsonb AND "code" = 'free' AND "name" = 'Free';--> statement-breakpoint
UPDATE "plans" SET "names" = '{"en":"Pro","es":"Pro","jp":"プロ"}'::jsonb WHERE "names" = '{}'::jsonb AND "code" = 'pro' AND "name" = 'Pro';--> statement-breakpoint
UPDATE "plans" SET "names" = '{"en":"Business","es":"Business","jp":"ビジネス"}'::jsonb WHERE "names" = '{}'::jsonb AND "code" = 'business' AND "name" = 'Business';--> statement-breakpoint
UPDATE "add_ons" SET "names" = '{"en":"+1,000 sends","es":"+1.000 envíos","jp":"送信 +1,000 通"}'::jsonb WHERE "names" = '{}'::jsonb AND "code" = 'sends-1000' AND "name" = '+1.000 envíos';--> statement-breakpoint
UPDATE "add_ons" SET "names" = '{"en":"+5 cards","es":"+5 perfiles","jp":"カード +5 枚"}'::jsonb WHERE "names" = '{}'::jsonb AND "code" = 'cards-5' AND "name" = '+5 perfiles';--> statement-breakpoint
UPDATE "add_ons" SET "names" = '{"en":"+1 GB","es":"+1 GB","jp":"+1 GB"}'::jsonb WHERE "names" = '{}'::jsonb AND "code" = 'storage-1gb' AND "name" = '+1 GB';--> statement-breakpoint
UPDATE "account_types" SET "names" = jsonb_build_object('en', "name", 'es', "name", 'jp', "name") WHERE "names" = '{}'::jsonb;--> statement-breakpoint
UPDATE "billing_periods" SET "names" = jsonb_build_object('en', "name", 'es', "name", 'jp', "name") WHERE "names" = '{}'::jsonb;--> statement-breakpoint
UPDATE "taxes" SET "names" = jsonb_build_object('en', "name", 'es', "name", 'jp', "name") WHERE "names" = '{}'::jsonb;--> statement-breakpoint
UPDATE "plans" SET "names" = jsonb_build_object('en', "name", 'es', "name", 'jp', "name") WHERE "names" = '{}'::jsonb;--> statement-breakpoint
UPDATE "add_ons" SET "names" = jsonb_build_object('en', "name", 'es', "name", 'jp', "name") WHERE "names" = '{}'::jsonb;
