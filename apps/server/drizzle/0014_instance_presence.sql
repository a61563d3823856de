CREATE TABLE "chat_presencia" (
	"instancia" uuid NOT NULL,
	"miembro" uuid NOT NULL,
	"conexiones" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "chat_presencia_instancia_miembro_pk" PRIMARY KEY("instancia","miembro")
);
--> statement-breakpoint
CREATE TABLE "instancias" (
	"id" uuid PRIMARY KEY NOT NULL,
	"iniciada" timestamp with time zone DEFAULT now() NOT NULL,
	"visto" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Presence counted before instances were recorded cannot be given to one: it starts again from
-- nothing (the live sockets of the stopped instances reconnect and enter again).
DELETE FROM "ubicaciones_vigiladas";--> statement-breakpoint
UPDATE "chat_usuarios" SET "conexiones" = 0, "estado" = 'offline' WHERE "conexiones" <> 0 OR "estado" <> 'offline';--> statement-breakpoint
ALTER TABLE "ubicaciones_vigiladas" DROP CONSTRAINT "ubicaciones_vigiladas_pkey";--> statement-breakpoint
ALTER TABLE "ubicaciones_vigiladas" ADD COLUMN "instancia" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "ubicaciones_vigiladas" ADD CONSTRAINT "ubicaciones_vigiladas_usuario_instancia_pk" PRIMARY KEY("usuario","instancia");--> statement-breakpoint
ALTER TABLE "chat_presencia" ADD CONSTRAINT "chat_presencia_miembro_chat_usuarios_id_fk" FOREIGN KEY ("miembro") REFERENCES "public"."chat_usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_presencia_miembro_idx" ON "chat_presencia" USING btree ("miembro");