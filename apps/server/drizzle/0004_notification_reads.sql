CREATE TABLE "notificaciones_leidas" (
	"notificacion" uuid NOT NULL,
	"usuario" uuid NOT NULL,
	"leida" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notificaciones_leidas_usuario_notificacion_pk" PRIMARY KEY("usuario","notificacion")
);
--> statement-breakpoint
ALTER TABLE "notificaciones_leidas" ADD CONSTRAINT "notificaciones_leidas_notificacion_notificaciones_id_fk" FOREIGN KEY ("notificacion") REFERENCES "public"."notificaciones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificaciones_leidas" ADD CONSTRAINT "notificaciones_leidas_usuario_usuarios_id_fk" FOREIGN KEY ("usuario") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notificaciones_destinatarios_idx" ON "notificaciones" USING gin ("destinatarios");