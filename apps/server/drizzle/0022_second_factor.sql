CREATE TABLE "codigos_recuperacion" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"usuario" uuid NOT NULL,
	"hash" text NOT NULL,
	"usado" timestamp with time zone,
	"creado" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "desafios_webauthn" (
	"desafio" text PRIMARY KEY NOT NULL,
	"proposito" text NOT NULL,
	"usuario" uuid,
	"vence" timestamp with time zone NOT NULL,
	CONSTRAINT "desafios_webauthn_proposito_check" CHECK ("desafios_webauthn"."proposito" in ('registro', 'ingreso', 'segundo_factor'))
);
--> statement-breakpoint
CREATE TABLE "factores_totp" (
	"usuario" uuid PRIMARY KEY NOT NULL,
	"secreto" text NOT NULL,
	"confirmado" timestamp with time zone,
	"ultimo_paso" bigint,
	"creado" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ingresos_pendientes" (
	"id" text PRIMARY KEY NOT NULL,
	"usuario" uuid NOT NULL,
	"paso" text NOT NULL,
	"creado" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"vence" timestamp with time zone NOT NULL,
	CONSTRAINT "ingresos_pendientes_paso_check" CHECK ("ingresos_pendientes"."paso" in ('verificar', 'configurar'))
);
--> statement-breakpoint
CREATE TABLE "llaves_acceso" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"usuario" uuid NOT NULL,
	"credencial" text NOT NULL,
	"clave_publica" text NOT NULL,
	"contador" bigint DEFAULT 0 NOT NULL,
	"transportes" text[] DEFAULT '{}'::text[] NOT NULL,
	"nombre" text NOT NULL,
	"creado" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"ultimo_uso" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sesiones" ADD COLUMN "verificado" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "codigos_recuperacion" ADD CONSTRAINT "codigos_recuperacion_usuario_usuarios_id_fk" FOREIGN KEY ("usuario") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desafios_webauthn" ADD CONSTRAINT "desafios_webauthn_usuario_usuarios_id_fk" FOREIGN KEY ("usuario") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "factores_totp" ADD CONSTRAINT "factores_totp_usuario_usuarios_id_fk" FOREIGN KEY ("usuario") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingresos_pendientes" ADD CONSTRAINT "ingresos_pendientes_usuario_usuarios_id_fk" FOREIGN KEY ("usuario") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "llaves_acceso" ADD CONSTRAINT "llaves_acceso_usuario_usuarios_id_fk" FOREIGN KEY ("usuario") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "codigos_recuperacion_usuario_hash_key" ON "codigos_recuperacion" USING btree ("usuario","hash");--> statement-breakpoint
CREATE INDEX "desafios_webauthn_vence_idx" ON "desafios_webauthn" USING btree ("vence");--> statement-breakpoint
CREATE INDEX "ingresos_pendientes_usuario_idx" ON "ingresos_pendientes" USING btree ("usuario");--> statement-breakpoint
CREATE UNIQUE INDEX "llaves_acceso_credencial_key" ON "llaves_acceso" USING btree ("credencial");--> statement-breakpoint
CREATE INDEX "llaves_acceso_usuario_idx" ON "llaves_acceso" USING btree ("usuario");--> statement-breakpoint
-- Which cargos must have a second factor (modules/auth/required-cargos.ts). A new installation
-- (no user yet) requires it of the Administrador and every coordinator; one already in use requires
-- none until its Administrador decides, so nobody is stopped at their next sign-in unannounced. The
-- demo's seed sets none.
INSERT INTO "configuracion" ("clave", "valor")
SELECT 'auth.segundo_factor_cargos',
	CASE WHEN EXISTS (SELECT 1 FROM "usuarios") THEN '[]'::jsonb
	ELSE '["Administrador", "Coordinador Contact Center", "Coordinador Investigador", "Coordinador Abogado", "Coordinador Abogado CAIT", "Coordinador Perito"]'::jsonb END
ON CONFLICT ("clave") DO NOTHING;
