CREATE TABLE "sesiones_cliente" (
	"id" text PRIMARY KEY NOT NULL,
	"uidcaso" uuid NOT NULL,
	"uidcliente" uuid,
	"enlace" uuid,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"expira" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sesiones_cliente" ADD CONSTRAINT "sesiones_cliente_uidcaso_casos_id_fk" FOREIGN KEY ("uidcaso") REFERENCES "public"."casos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sesiones_cliente" ADD CONSTRAINT "sesiones_cliente_uidcliente_clientes_id_fk" FOREIGN KEY ("uidcliente") REFERENCES "public"."clientes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sesiones_cliente" ADD CONSTRAINT "sesiones_cliente_enlace_enlaces_cliente_id_fk" FOREIGN KEY ("enlace") REFERENCES "public"."enlaces_cliente"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sesiones_cliente_caso_idx" ON "sesiones_cliente" USING btree ("uidcaso");