ALTER TABLE "chat_usuarios" ADD COLUMN "conexiones" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_usuarios" ADD COLUMN "leido_hasta" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_usuarios" ADD COLUMN "recibido_hasta" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "ultimo_index" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fotosdrone" ADD COLUMN "mensaje" uuid;--> statement-breakpoint
ALTER TABLE "mensajes" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "fotosdrone" ADD CONSTRAINT "fotosdrone_mensaje_mensajes_id_fk" FOREIGN KEY ("mensaje") REFERENCES "public"."mensajes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_usuarios_room_usuario_key" ON "chat_usuarios" USING btree ("room_id","usuario");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_usuarios_room_cliente_key" ON "chat_usuarios" USING btree ("room_id","cliente");--> statement-breakpoint
CREATE INDEX "chat_usuarios_usuario_idx" ON "chat_usuarios" USING btree ("usuario");--> statement-breakpoint
CREATE UNIQUE INDEX "mensajes_room_sender_client_key" ON "mensajes" USING btree ("room_id","sender_id","client_id");