CREATE TABLE "company_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"tax_basis" text DEFAULT 'stay' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_settings_single" CHECK ("company_settings"."id"),
	CONSTRAINT "company_settings_tax_basis_valid" CHECK ("company_settings"."tax_basis" IN ('stay', 'payment'))
);
