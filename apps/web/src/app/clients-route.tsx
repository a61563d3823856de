import ClientsPage from '../features/clients/clients-page';
import { AccessLogDialog } from '../features/privacy';

/**
 * LISTA DE CLIENTES composed with what other features give its rows (features never import each
 * other): the Administrador's 'Quién consultó sus datos' (features/privacy).
 */
export default function ClientsRoute() {
  return <ClientsPage accessLog={(client, onClose) => <AccessLogDialog client={client} onClose={onClose} />} />;
}
