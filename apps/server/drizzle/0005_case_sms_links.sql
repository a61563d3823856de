CREATE TABLE "enlaces_cliente" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uidcaso" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"codigo_hash" text NOT NULL,
	"token_cifrado" text NOT NULL,
	"expira" timestamp with time zone NOT NULL,
	"revocado" timestamp with time zone,
	"revocado_por" uuid,
	"creado_por" uuid,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enlaces_cliente_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "enlaces_cliente_codigo_hash_unique" UNIQUE("codigo_hash")
);
--> statement-breakpoint
CREATE TABLE "mensajes_sms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uidcaso" uuid NOT NULL,
	"telefono" text NOT NULL,
	"cuerpo" text NOT NULL,
	"proveedor" text NOT NULL,
	"estado" text NOT NULL,
	"error" text,
	"proveedor_id" text,
	"uidenlace" uuid,
	"enviado_por" uuid,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mensajes_sms_proveedor_check" CHECK ("mensajes_sms"."proveedor" in ('outbox', 'twilio')),
	CONSTRAINT "mensajes_sms_estado_check" CHECK ("mensajes_sms"."estado" in ('enviado', 'guardado', 'error'))
);
--> statement-breakpoint
ALTER TABLE "enlaces_cliente" ADD CONSTRAINT "enlaces_cliente_uidcaso_casos_id_fk" FOREIGN KEY ("uidcaso") REFERENCES "public"."casos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enlaces_cliente" ADD CONSTRAINT "enlaces_cliente_revocado_por_usuarios_id_fk" FOREIGN KEY ("revocado_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enlaces_cliente" ADD CONSTRAINT "enlaces_cliente_creado_por_usuarios_id_fk" FOREIGN KEY ("creado_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mensajes_sms" ADD CONSTRAINT "mensajes_sms_uidcaso_casos_id_fk" FOREIGN KEY ("uidcaso") REFERENCES "public"."casos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mensajes_sms" ADD CONSTRAINT "mensajes_sms_uidenlace_enlaces_cliente_id_fk" FOREIGN KEY ("uidenlace") REFERENCES "public"."enlaces_cliente"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mensajes_sms" ADD CONSTRAINT "mensajes_sms_enviado_por_usuarios_id_fk" FOREIGN KEY ("enviado_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enlaces_cliente_caso_idx" ON "enlaces_cliente" USING btree ("uidcaso");--> statement-breakpoint
CREATE INDEX "mensajes_sms_caso_idx" ON "mensajes_sms" USING btree ("uidcaso","creado" DESC NULLS LAST);