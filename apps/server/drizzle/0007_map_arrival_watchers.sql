CREATE TABLE "ubicaciones_vigiladas" (
	"usuario" uuid PRIMARY KEY NOT NULL,
	"mapas" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "casos" ADD COLUMN "llegada_fecha" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ubicaciones_vigiladas" ADD CONSTRAINT "ubicaciones_vigiladas_usuario_usuarios_id_fk" FOREIGN KEY ("usuario") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;