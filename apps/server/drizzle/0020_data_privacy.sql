CREATE TABLE "accesos_datos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uidcliente" uuid NOT NULL,
	"uidcaso" uuid,
	"que" text NOT NULL,
	"usuario" uuid NOT NULL,
	"nombre" text NOT NULL,
	"cargo" text NOT NULL,
	"fecha" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accesos_datos_que_check" CHECK ("accesos_datos"."que" in ('cliente', 'caso'))
);
--> statement-breakpoint
CREATE TABLE "autorizaciones_datos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uidcaso" uuid NOT NULL,
	"uidcliente" uuid,
	"version" text NOT NULL,
	"enlace" uuid,
	"ip" text NOT NULL,
	"fecha" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "autorizaciones_datos_caso_cliente_version_key" UNIQUE NULLS NOT DISTINCT("uidcaso","uidcliente","version")
);
--> statement-breakpoint
CREATE TABLE "avisos_privacidad" (
	"version" text PRIMARY KEY NOT NULL,
	"empresa" text NOT NULL,
	"correo" text NOT NULL,
	"telefono" text NOT NULL,
	"resumen" text NOT NULL,
	"texto" text NOT NULL,
	"casilla" text NOT NULL,
	"creado" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accesos_datos" ADD CONSTRAINT "accesos_datos_uidcliente_clientes_id_fk" FOREIGN KEY ("uidcliente") REFERENCES "public"."clientes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accesos_datos" ADD CONSTRAINT "accesos_datos_uidcaso_casos_id_fk" FOREIGN KEY ("uidcaso") REFERENCES "public"."casos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accesos_datos" ADD CONSTRAINT "accesos_datos_usuario_usuarios_id_fk" FOREIGN KEY ("usuario") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autorizaciones_datos" ADD CONSTRAINT "autorizaciones_datos_uidcaso_casos_id_fk" FOREIGN KEY ("uidcaso") REFERENCES "public"."casos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autorizaciones_datos" ADD CONSTRAINT "autorizaciones_datos_uidcliente_clientes_id_fk" FOREIGN KEY ("uidcliente") REFERENCES "public"."clientes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autorizaciones_datos" ADD CONSTRAINT "autorizaciones_datos_version_avisos_privacidad_version_fk" FOREIGN KEY ("version") REFERENCES "public"."avisos_privacidad"("version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autorizaciones_datos" ADD CONSTRAINT "autorizaciones_datos_enlace_enlaces_cliente_id_fk" FOREIGN KEY ("enlace") REFERENCES "public"."enlaces_cliente"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accesos_datos_cliente_idx" ON "accesos_datos" USING btree ("uidcliente","fecha" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "accesos_datos_usuario_idx" ON "accesos_datos" USING btree ("usuario","uidcliente","fecha");