import {
  ApartmentOutlined,
  ApiOutlined,
  AppstoreOutlined,
  BankOutlined,
  BookOutlined,
  ControlOutlined,
  DatabaseOutlined,
  EditOutlined,
  EnvironmentOutlined,
  FileTextOutlined,
  FormOutlined,
  HistoryOutlined,
  HomeOutlined,
  IdcardOutlined,
  LinkOutlined,
  MenuOutlined,
  MessageOutlined,
  NotificationOutlined,
  NumberOutlined,
  PrinterOutlined,
  ProfileOutlined,
  SafetyCertificateOutlined,
  SendOutlined,
  SettingOutlined,
  SolutionOutlined,
  TeamOutlined,
  UsergroupAddOutlined,
  UserOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/**
 * Menu icons arrive as icon-font class names ('icon-ym icon-ym-user'); the standard ones map to
 * Ant Design icons, anything else gets a neutral one.
 */
const byName: Record<string, ComponentType> = {
  home: HomeOutlined,
  organization: ApartmentOutlined,
  company: BankOutlined,
  position: IdcardOutlined,
  user: UserOutlined,
  role: TeamOutlined,
  group: UsergroupAddOutlined,
  authorize: SafetyCertificateOutlined,
  online: WifiOutlined,
  system: SettingOutlined,
  menu: MenuOutlined,
  setting: ControlOutlined,
  area: EnvironmentOutlined,
  billRule: NumberOutlined,
  signature: EditOutlined,
  notice: NotificationOutlined,
  print: PrinterOutlined,
  log: FileTextOutlined,
  data: DatabaseOutlined,
  dictionary: BookOutlined,
  interface: ApiOutlined,
  message: MessageOutlined,
  template: FormOutlined,
  send: SendOutlined,
  record: HistoryOutlined,
  link: LinkOutlined,
  profile: ProfileOutlined,
  flow: SolutionOutlined,
  formDesign: FormOutlined,
  icon: AppstoreOutlined,
};

/** The icon names a menu can use (`icon-ym icon-ym-{name}`), for the 系统图标 page. */
export const menuIconNames: readonly string[] = Object.keys(byName);

export function MenuIcon({ icon }: { icon?: string }) {
  const name = /icon-ym-([\w-]+)/.exec(icon ?? '')?.[1] ?? icon ?? '';
  const Icon = byName[name] ?? AppstoreOutlined;
  return <Icon />;
}
