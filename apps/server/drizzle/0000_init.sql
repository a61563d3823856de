CREATE TYPE "public"."tipo_chat" AS ENUM('general', 'perito', 'dibujante');--> statement-breakpoint
CREATE TABLE "areas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nombre" text NOT NULL,
	"value" text NOT NULL,
	"estado" boolean DEFAULT true NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"modificacion" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "areas_nombre_unique" UNIQUE("nombre")
);
--> statement-breakpoint
CREATE TABLE "cargos" (
	"cargo" text PRIMARY KEY NOT NULL,
	"orden" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ciudades" (
	"id" text PRIMARY KEY NOT NULL,
	"ciudad" text NOT NULL,
	"departamento" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "departamentos" (
	"id" text PRIMARY KEY NOT NULL,
	"departamento" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "empresas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"empresa" text NOT NULL,
	"nit" text NOT NULL,
	"estado" boolean DEFAULT true NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"modificacion" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estadoscaso" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"estado" text NOT NULL,
	"editable" boolean DEFAULT true NOT NULL,
	"inactivo" boolean DEFAULT true NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"modificacion" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "estadoscaso_estado_unique" UNIQUE("estado")
);
--> statement-breakpoint
CREATE TABLE "lineas" (
	"id" serial PRIMARY KEY NOT NULL,
	"marca" integer NOT NULL,
	"nombre" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marcas" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	CONSTRAINT "marcas_nombre_unique" UNIQUE("nombre")
);
--> statement-breakpoint
CREATE TABLE "tiposcaso" (
	"id" serial PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	CONSTRAINT "tiposcaso_tipo_unique" UNIQUE("tipo")
);
--> statement-breakpoint
CREATE TABLE "tiposidentificacion" (
	"id" text PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cuentas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"modificacion" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intentos_login" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sesiones" (
	"id" text PRIMARY KEY NOT NULL,
	"usuario" uuid NOT NULL,
	"token_login" text NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usuarios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uiid" uuid NOT NULL,
	"nombres" text NOT NULL,
	"apellidos" text NOT NULL,
	"identificacion" bigint NOT NULL,
	"email" text NOT NULL,
	"cargo" text NOT NULL,
	"area" text DEFAULT '' NOT NULL,
	"telefono" text DEFAULT '' NOT NULL,
	"estado" boolean DEFAULT true NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"modificacion" timestamp with time zone DEFAULT now() NOT NULL,
	"duracion_sesion" integer DEFAULT 15 NOT NULL,
	"disponibilidad" text DEFAULT 'Fuera de su horario laboral' NOT NULL,
	"login" boolean DEFAULT false NOT NULL,
	"token_login" text,
	"ultimo_login" timestamp with time zone,
	"salir" boolean DEFAULT false NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"lat" double precision,
	"long" double precision,
	"ubicacion_fecha" timestamp with time zone,
	"ciudades" text[] DEFAULT '{}'::text[] NOT NULL,
	"gps" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clientes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nombres" text NOT NULL,
	"apellidos" text NOT NULL,
	"tipoidentificacion" text NOT NULL,
	"identificacion" bigint NOT NULL,
	"telefono" text NOT NULL,
	"ciudad" text NOT NULL,
	"direccion" text NOT NULL,
	"estado" boolean DEFAULT true NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"modificacion" timestamp with time zone DEFAULT now() NOT NULL,
	"duracion_sesion" integer,
	"disponibilidad" text
);
--> statement-breakpoint
CREATE TABLE "polizas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nombre_producto" text DEFAULT '' NOT NULL,
	"polizas" text NOT NULL,
	"fecha_ini" timestamp with time zone,
	"fecha_fin" timestamp with time zone,
	"deducible" text DEFAULT '' NOT NULL,
	"docliente" text DEFAULT '' NOT NULL,
	"cliente" text DEFAULT '' NOT NULL,
	"empresa" text DEFAULT '' NOT NULL,
	"ramo" text DEFAULT '' NOT NULL,
	"estado" text DEFAULT '' NOT NULL,
	"fuente" text DEFAULT '' NOT NULL,
	"id_caso" uuid,
	"caso" integer,
	"uidcliente" uuid,
	"uidvehiculo" uuid,
	"departamento" text,
	"ciudad" text,
	"direccion" text,
	"creado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehiculos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"placa" text NOT NULL,
	"clase" text DEFAULT 'SIN CLASE' NOT NULL,
	"carroceria" text DEFAULT 'SIN CARROCERIA' NOT NULL,
	"marca" text DEFAULT 'SIN MARCA' NOT NULL,
	"linea" text DEFAULT 'SIN LINEA' NOT NULL,
	"modelo" text DEFAULT '0000' NOT NULL,
	"servicio" text DEFAULT 'PARTICULAR' NOT NULL,
	"poliza" jsonb,
	"estado" boolean DEFAULT true NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"modificacion" timestamp with time zone DEFAULT now() NOT NULL,
	"uidcliente" uuid,
	"origen" text DEFAULT 'Vialex' NOT NULL,
	"encontrado" boolean DEFAULT false NOT NULL,
	"informacionadicional" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "casos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"caso" integer NOT NULL,
	"estado" text DEFAULT 'Recibido' NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"modificacion" timestamp with time zone DEFAULT now() NOT NULL,
	"archivado" boolean DEFAULT false NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"tipo_plan" text DEFAULT 'SIN PLAN' NOT NULL,
	"tipo_producto" text DEFAULT 'Ninguno' NOT NULL,
	"tipocaso" text DEFAULT '' NOT NULL,
	"origen" text DEFAULT 'Vialex' NOT NULL,
	"origen_desde" text DEFAULT 'Vialex' NOT NULL,
	"uidempresa" uuid,
	"uidciudad" text,
	"ciudad_siniestro" text DEFAULT '' NOT NULL,
	"departamento" text DEFAULT '' NOT NULL,
	"direccion_siniestro" text DEFAULT '' NOT NULL,
	"verificacion" text DEFAULT 'Ninguno' NOT NULL,
	"relacion" text DEFAULT 'Propietario' NOT NULL,
	"uidvehiculo" uuid,
	"placa" text DEFAULT '' NOT NULL,
	"uidconductor" uuid,
	"uidcliente" uuid,
	"uidcreador" uuid,
	"uidabogado" uuid,
	"uidabogadocait" uuid,
	"uidinvestigador" uuid,
	"uidcontactcenter" uuid,
	"uidperito" uuid,
	"uiddibujante" uuid,
	"solicitud_investigador" boolean DEFAULT false NOT NULL,
	"solicitud_perito" boolean DEFAULT false NOT NULL,
	"solicitud_dibujante" boolean DEFAULT false NOT NULL,
	"solicitud_atencion" boolean DEFAULT false NOT NULL,
	"aprobar_atencion" boolean DEFAULT false NOT NULL,
	"chat_perito" boolean DEFAULT false NOT NULL,
	"chat_dibujante" boolean DEFAULT false NOT NULL,
	"llegada" boolean DEFAULT false NOT NULL,
	"tiempo_llegada_abogado" text,
	"tiempo_llegada_investigador" text,
	"login" boolean DEFAULT false NOT NULL,
	"fecha_ingreso" timestamp with time zone,
	"prioridad" text DEFAULT 'media' NOT NULL,
	"titulo" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contadores" (
	"nombre" text PRIMARY KEY NOT NULL,
	"ultimo_numero" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "archivos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nombre" text NOT NULL,
	"clave" text NOT NULL,
	"size" bigint NOT NULL,
	"type" text NOT NULL,
	"extension" text NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"subido_por" uuid,
	CONSTRAINT "archivos_clave_unique" UNIQUE("clave")
);
--> statement-breakpoint
CREATE TABLE "notificaciones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cedula" text NOT NULL,
	"caso" integer,
	"momento" text NOT NULL,
	"fechahora" timestamp with time zone DEFAULT now() NOT NULL,
	"titulo" text DEFAULT '' NOT NULL,
	"cuerpo" text DEFAULT '' NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"destinatarios" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"uidcaso" uuid
);
--> statement-breakpoint
CREATE TABLE "trazabilidad" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"descripcion" text NOT NULL,
	"estado" text,
	"fechahora" timestamp with time zone DEFAULT now() NOT NULL,
	"uidcaso" uuid NOT NULL,
	"uidcreador" uuid,
	"name_archivo" text DEFAULT 'no' NOT NULL,
	"archivo" uuid
);
--> statement-breakpoint
CREATE TABLE "trazabilidadestado" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"descripcion" text NOT NULL,
	"estado" text NOT NULL,
	"uidcaso" uuid,
	"uidusuario" uuid NOT NULL,
	"cargo" text NOT NULL,
	"uidcreador" uuid,
	"fechahora" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_usuarios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"usuario" uuid,
	"cliente" uuid,
	"username" text NOT NULL,
	"estado" text DEFAULT 'offline' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tipo" "tipo_chat" NOT NULL,
	"room_name" text DEFAULT 'Chat en proceso (Entrar)' NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"uidcaso" uuid NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fotosdrone" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nombre" text NOT NULL,
	"archivo" uuid NOT NULL,
	"latitud" double precision,
	"longitud" double precision,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"room_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mensajes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"index_id" integer NOT NULL,
	"room_id" uuid NOT NULL,
	"sender_id" uuid NOT NULL,
	"username" text NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reply_message" jsonb,
	"saved" boolean DEFAULT true NOT NULL,
	"distributed" boolean DEFAULT false NOT NULL,
	"seen" boolean DEFAULT false NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"failure" boolean DEFAULT false NOT NULL,
	"system" boolean DEFAULT false NOT NULL,
	"avatar" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "configuracion" (
	"clave" text PRIMARY KEY NOT NULL,
	"valor" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exportaciones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"caso" integer NOT NULL,
	"uidcaso" uuid NOT NULL,
	"fechainicio" timestamp with time zone DEFAULT now() NOT NULL,
	"fechafinalizacion" timestamp with time zone,
	"estado" text DEFAULT 'En proceso' NOT NULL,
	"mensaje" text DEFAULT '' NOT NULL,
	"solicitado_por" uuid
);
--> statement-breakpoint
CREATE TABLE "suscripciones_push" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"usuario" uuid,
	"cliente" uuid,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suscripciones_push_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
CREATE TABLE "trabajos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tipo" text NOT NULL,
	"payload" jsonb NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"ejecutar_en" timestamp with time zone DEFAULT now() NOT NULL,
	"bloqueado_en" timestamp with time zone,
	"error" text,
	"creado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ciudades" ADD CONSTRAINT "ciudades_departamento_departamentos_id_fk" FOREIGN KEY ("departamento") REFERENCES "public"."departamentos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lineas" ADD CONSTRAINT "lineas_marca_marcas_id_fk" FOREIGN KEY ("marca") REFERENCES "public"."marcas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sesiones" ADD CONSTRAINT "sesiones_usuario_usuarios_id_fk" FOREIGN KEY ("usuario") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuarios" ADD CONSTRAINT "usuarios_uiid_cuentas_id_fk" FOREIGN KEY ("uiid") REFERENCES "public"."cuentas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuarios" ADD CONSTRAINT "usuarios_cargo_cargos_cargo_fk" FOREIGN KEY ("cargo") REFERENCES "public"."cargos"("cargo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clientes" ADD CONSTRAINT "clientes_tipoidentificacion_tiposidentificacion_id_fk" FOREIGN KEY ("tipoidentificacion") REFERENCES "public"."tiposidentificacion"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clientes" ADD CONSTRAINT "clientes_ciudad_ciudades_id_fk" FOREIGN KEY ("ciudad") REFERENCES "public"."ciudades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "polizas" ADD CONSTRAINT "polizas_uidcliente_clientes_id_fk" FOREIGN KEY ("uidcliente") REFERENCES "public"."clientes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "polizas" ADD CONSTRAINT "polizas_uidvehiculo_vehiculos_id_fk" FOREIGN KEY ("uidvehiculo") REFERENCES "public"."vehiculos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehiculos" ADD CONSTRAINT "vehiculos_uidcliente_clientes_id_fk" FOREIGN KEY ("uidcliente") REFERENCES "public"."clientes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casos" ADD CONSTRAINT "casos_uidempresa_empresas_id_fk" FOREIGN KEY ("uidempresa") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casos" ADD CONSTRAINT "casos_uidciudad_ciudades_id_fk" FOREIGN KEY ("uidciudad") REFERENCES "public"."ciudades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casos" ADD CONSTRAINT "casos_uidvehiculo_vehiculos_id_fk" FOREIGN KEY ("uidvehiculo") REFERENCES "public"."vehiculos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casos" ADD CONSTRAINT "casos_uidconductor_clientes_id_fk" FOREIGN KEY ("uidconductor") REFERENCES "public"."clientes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casos" ADD CONSTRAINT "casos_uidcliente_clientes_id_fk" FOREIGN KEY ("uidcliente") REFERENCES "public"."clientes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casos" ADD CONSTRAINT "casos_uidcreador_usuarios_id_fk" FOREIGN KEY ("uidcreador") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casos" ADD CONSTRAINT "casos_uidabogado_usuarios_id_fk" FOREIGN KEY ("uidabogado") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casos" ADD CONSTRAINT "casos_uidabogadocait_usuarios_id_fk" FOREIGN KEY ("uidabogadocait") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casos" ADD CONSTRAINT "casos_uidinvestigador_usuarios_id_fk" FOREIGN KEY ("uidinvestigador") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casos" ADD CONSTRAINT "casos_uidcontactcenter_usuarios_id_fk" FOREIGN KEY ("uidcontactcenter") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casos" ADD CONSTRAINT "casos_uidperito_usuarios_id_fk" FOREIGN KEY ("uidperito") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casos" ADD CONSTRAINT "casos_uiddibujante_usuarios_id_fk" FOREIGN KEY ("uiddibujante") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificaciones" ADD CONSTRAINT "notificaciones_uidcaso_casos_id_fk" FOREIGN KEY ("uidcaso") REFERENCES "public"."casos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trazabilidad" ADD CONSTRAINT "trazabilidad_uidcaso_casos_id_fk" FOREIGN KEY ("uidcaso") REFERENCES "public"."casos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trazabilidad" ADD CONSTRAINT "trazabilidad_uidcreador_usuarios_id_fk" FOREIGN KEY ("uidcreador") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trazabilidad" ADD CONSTRAINT "trazabilidad_archivo_archivos_id_fk" FOREIGN KEY ("archivo") REFERENCES "public"."archivos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trazabilidadestado" ADD CONSTRAINT "trazabilidadestado_uidcaso_casos_id_fk" FOREIGN KEY ("uidcaso") REFERENCES "public"."casos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trazabilidadestado" ADD CONSTRAINT "trazabilidadestado_uidusuario_usuarios_id_fk" FOREIGN KEY ("uidusuario") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trazabilidadestado" ADD CONSTRAINT "trazabilidadestado_uidcreador_usuarios_id_fk" FOREIGN KEY ("uidcreador") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_usuarios" ADD CONSTRAINT "chat_usuarios_room_id_chats_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chats"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_uidcaso_casos_id_fk" FOREIGN KEY ("uidcaso") REFERENCES "public"."casos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fotosdrone" ADD CONSTRAINT "fotosdrone_archivo_archivos_id_fk" FOREIGN KEY ("archivo") REFERENCES "public"."archivos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fotosdrone" ADD CONSTRAINT "fotosdrone_room_id_chats_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chats"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mensajes" ADD CONSTRAINT "mensajes_room_id_chats_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chats"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exportaciones" ADD CONSTRAINT "exportaciones_uidcaso_casos_id_fk" FOREIGN KEY ("uidcaso") REFERENCES "public"."casos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exportaciones" ADD CONSTRAINT "exportaciones_solicitado_por_usuarios_id_fk" FOREIGN KEY ("solicitado_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suscripciones_push" ADD CONSTRAINT "suscripciones_push_usuario_usuarios_id_fk" FOREIGN KEY ("usuario") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suscripciones_push" ADD CONSTRAINT "suscripciones_push_cliente_clientes_id_fk" FOREIGN KEY ("cliente") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ciudades_departamento_idx" ON "ciudades" USING btree ("departamento");--> statement-breakpoint
CREATE UNIQUE INDEX "empresas_nit_key" ON "empresas" USING btree ("nit");--> statement-breakpoint
CREATE UNIQUE INDEX "lineas_marca_nombre_key" ON "lineas" USING btree ("marca","nombre");--> statement-breakpoint
CREATE UNIQUE INDEX "cuentas_email_key" ON "cuentas" USING btree ("email");--> statement-breakpoint
CREATE INDEX "intentos_login_email_idx" ON "intentos_login" USING btree ("email","fecha");--> statement-breakpoint
CREATE INDEX "intentos_login_ip_idx" ON "intentos_login" USING btree ("ip","fecha");--> statement-breakpoint
CREATE INDEX "sesiones_usuario_idx" ON "sesiones" USING btree ("usuario");--> statement-breakpoint
CREATE UNIQUE INDEX "usuarios_email_key" ON "usuarios" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "usuarios_uiid_key" ON "usuarios" USING btree ("uiid");--> statement-breakpoint
CREATE INDEX "usuarios_cargo_idx" ON "usuarios" USING btree ("cargo","disponibilidad");--> statement-breakpoint
CREATE INDEX "usuarios_creado_idx" ON "usuarios" USING btree ("creado" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "usuarios_ciudades_idx" ON "usuarios" USING gin ("ciudades");--> statement-breakpoint
CREATE UNIQUE INDEX "clientes_identificacion_key" ON "clientes" USING btree ("tipoidentificacion","identificacion");--> statement-breakpoint
CREATE INDEX "clientes_identificacion_idx" ON "clientes" USING btree ("identificacion");--> statement-breakpoint
CREATE INDEX "clientes_creado_idx" ON "clientes" USING btree ("creado" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "polizas_numero_key" ON "polizas" USING btree ("polizas");--> statement-breakpoint
CREATE INDEX "polizas_caso_idx" ON "polizas" USING btree ("id_caso");--> statement-breakpoint
CREATE UNIQUE INDEX "vehiculos_placa_key" ON "vehiculos" USING btree ("placa");--> statement-breakpoint
CREATE INDEX "vehiculos_cliente_idx" ON "vehiculos" USING btree ("uidcliente");--> statement-breakpoint
CREATE UNIQUE INDEX "casos_caso_key" ON "casos" USING btree ("caso");--> statement-breakpoint
CREATE INDEX "casos_archivado_caso_idx" ON "casos" USING btree ("archivado","caso" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "casos_placa_idx" ON "casos" USING btree ("placa");--> statement-breakpoint
CREATE INDEX "casos_investigador_idx" ON "casos" USING btree ("uidinvestigador","archivado","caso" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "casos_abogado_idx" ON "casos" USING btree ("uidabogado","archivado","caso" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "casos_abogadocait_idx" ON "casos" USING btree ("uidabogadocait","archivado","caso" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "casos_contactcenter_idx" ON "casos" USING btree ("uidcontactcenter","archivado","caso" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "casos_perito_idx" ON "casos" USING btree ("uidperito","archivado","caso" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "casos_dibujante_idx" ON "casos" USING btree ("uiddibujante","archivado","caso" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "casos_solicitud_perito_idx" ON "casos" USING btree ("archivado","caso" DESC NULLS LAST) WHERE "casos"."solicitud_perito";--> statement-breakpoint
CREATE INDEX "casos_creado_idx" ON "casos" USING btree ("creado");--> statement-breakpoint
CREATE INDEX "casos_estado_idx" ON "casos" USING btree ("estado");--> statement-breakpoint
CREATE INDEX "notificaciones_caso_idx" ON "notificaciones" USING btree ("caso");--> statement-breakpoint
CREATE INDEX "trazabilidad_caso_idx" ON "trazabilidad" USING btree ("uidcaso","fechahora" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trazabilidadestado_usuario_idx" ON "trazabilidadestado" USING btree ("uidusuario","fechahora" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chat_usuarios_room_idx" ON "chat_usuarios" USING btree ("room_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chats_caso_tipo_key" ON "chats" USING btree ("uidcaso","tipo");--> statement-breakpoint
CREATE INDEX "fotosdrone_room_idx" ON "fotosdrone" USING btree ("room_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mensajes_room_index_key" ON "mensajes" USING btree ("room_id","index_id");--> statement-breakpoint
CREATE INDEX "exportaciones_caso_idx" ON "exportaciones" USING btree ("caso");--> statement-breakpoint
CREATE INDEX "exportaciones_fecha_idx" ON "exportaciones" USING btree ("fechainicio" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "suscripciones_push_usuario_idx" ON "suscripciones_push" USING btree ("usuario");--> statement-breakpoint
CREATE INDEX "suscripciones_push_cliente_idx" ON "suscripciones_push" USING btree ("cliente");--> statement-breakpoint
CREATE INDEX "trabajos_pendientes_idx" ON "trabajos" USING btree ("estado","ejecutar_en");