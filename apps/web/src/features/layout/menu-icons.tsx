import type SvgIcon from '@mui/material/SvgIcon';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import FolderOpenOutlined from '@mui/icons-material/FolderOpenOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import DirectionsCarOutlined from '@mui/icons-material/DirectionsCarOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import ChecklistOutlined from '@mui/icons-material/ChecklistOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import QueryStatsOutlined from '@mui/icons-material/QueryStatsOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import CircleOutlined from '@mui/icons-material/CircleOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import HistoryEduOutlined from '@mui/icons-material/HistoryEduOutlined';

type SvgIconComponent = typeof SvgIcon;

const BY_PATH: Record<string, SvgIconComponent> = {
  '/dashboard': DashboardOutlined,
  '/clientes': PeopleAltOutlined,
  '/usuarios': ManageAccountsOutlined,
  '/estado-usuarios': HowToRegOutlined,
  '/casos': FolderOpenOutlined,
  '/casos-archivados': Inventory2Outlined,
  '/vehiculos': DirectionsCarOutlined,
  '/empresas': BusinessOutlined,
  '/gestiones': ChecklistOutlined,
  '/areas': CategoryOutlined,
  '/exportaciones': CloudUploadOutlined,
  '/consultas': QueryStatsOutlined,
  '/auditoria': HistoryEduOutlined,
};

const BY_GROUP: Record<string, SvgIconComponent> = { Usuarios: GroupOutlined, Casos: GavelOutlined };

export function menuIcon(path: string): SvgIconComponent {
  return BY_PATH[path] ?? CircleOutlined;
}

export function groupIcon(group: string): SvgIconComponent {
  return BY_GROUP[group] ?? CircleOutlined;
}
