CREATE TABLE "usos_limitados" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clave" text NOT NULL,
	"creado" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "usos_limitados_clave_idx" ON "usos_limitados" USING btree ("clave","creado");