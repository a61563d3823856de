CREATE TABLE "idempotencia" (
	"usuario" uuid NOT NULL,
	"clave" text NOT NULL,
	"ruta" text NOT NULL,
	"estado" integer,
	"respuesta" jsonb,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotencia_usuario_clave_pk" PRIMARY KEY("usuario","clave")
);
--> statement-breakpoint
DROP INDEX "suscripciones_push_usuario_idx";--> statement-breakpoint
ALTER TABLE "suscripciones_push" ADD COLUMN "sesion" text;--> statement-breakpoint
ALTER TABLE "idempotencia" ADD CONSTRAINT "idempotencia_usuario_usuarios_id_fk" FOREIGN KEY ("usuario") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotencia_creado_idx" ON "idempotencia" USING btree ("creado");--> statement-breakpoint
CREATE INDEX "suscripciones_push_sesion_idx" ON "suscripciones_push" USING btree ("sesion");--> statement-breakpoint
CREATE INDEX "suscripciones_push_usuario_idx" ON "suscripciones_push" USING btree ("usuario","creado");