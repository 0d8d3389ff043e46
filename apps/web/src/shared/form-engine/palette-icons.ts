import AlertOutlined from '@ant-design/icons/AlertOutlined';
import ApartmentOutlined from '@ant-design/icons/ApartmentOutlined';
import BankOutlined from '@ant-design/icons/BankOutlined';
import BarcodeOutlined from '@ant-design/icons/BarcodeOutlined';
import BgColorsOutlined from '@ant-design/icons/BgColorsOutlined';
import BorderlessTableOutlined from '@ant-design/icons/BorderlessTableOutlined';
import CalculatorOutlined from '@ant-design/icons/CalculatorOutlined';
import CalendarOutlined from '@ant-design/icons/CalendarOutlined';
import CheckCircleOutlined from '@ant-design/icons/CheckCircleOutlined';
import CheckSquareOutlined from '@ant-design/icons/CheckSquareOutlined';
import ClockCircleOutlined from '@ant-design/icons/ClockCircleOutlined';
import ClusterOutlined from '@ant-design/icons/ClusterOutlined';
import ColumnWidthOutlined from '@ant-design/icons/ColumnWidthOutlined';
import CreditCardOutlined from '@ant-design/icons/CreditCardOutlined';
import DownSquareOutlined from '@ant-design/icons/DownSquareOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import EnvironmentOutlined from '@ant-design/icons/EnvironmentOutlined';
import FieldTimeOutlined from '@ant-design/icons/FieldTimeOutlined';
import FileTextOutlined from '@ant-design/icons/FileTextOutlined';
import FolderOpenOutlined from '@ant-design/icons/FolderOpenOutlined';
import FontColorsOutlined from '@ant-design/icons/FontColorsOutlined';
import FontSizeOutlined from '@ant-design/icons/FontSizeOutlined';
import FormOutlined from '@ant-design/icons/FormOutlined';
import HistoryOutlined from '@ant-design/icons/HistoryOutlined';
import IdcardOutlined from '@ant-design/icons/IdcardOutlined';
import LineOutlined from '@ant-design/icons/LineOutlined';
import LockOutlined from '@ant-design/icons/LockOutlined';
import NumberOutlined from '@ant-design/icons/NumberOutlined';
import OrderedListOutlined from '@ant-design/icons/OrderedListOutlined';
import PictureOutlined from '@ant-design/icons/PictureOutlined';
import QrcodeOutlined from '@ant-design/icons/QrcodeOutlined';
import ScheduleOutlined from '@ant-design/icons/ScheduleOutlined';
import SelectOutlined from '@ant-design/icons/SelectOutlined';
import SignatureOutlined from '@ant-design/icons/SignatureOutlined';
import SlidersOutlined from '@ant-design/icons/SlidersOutlined';
import StarOutlined from '@ant-design/icons/StarOutlined';
import SwapOutlined from '@ant-design/icons/SwapOutlined';
import TableOutlined from '@ant-design/icons/TableOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import UnorderedListOutlined from '@ant-design/icons/UnorderedListOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import UserAddOutlined from '@ant-design/icons/UserAddOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import UserSwitchOutlined from '@ant-design/icons/UserSwitchOutlined';
import type { ComponentType } from 'react';

/**
 * The palette's icons by the names `WEB_KINDS` gives them. Apart from the registry, which imports
 * only their names' type: only the designer loads them, not every page that renders a form.
 */
export const paletteIcons = {
  alert: AlertOutlined,
  apartment: ApartmentOutlined,
  bank: BankOutlined,
  barcode: BarcodeOutlined,
  bgColors: BgColorsOutlined,
  borderlessTable: BorderlessTableOutlined,
  calculator: CalculatorOutlined,
  calendar: CalendarOutlined,
  checkCircle: CheckCircleOutlined,
  checkSquare: CheckSquareOutlined,
  clockCircle: ClockCircleOutlined,
  cluster: ClusterOutlined,
  columnWidth: ColumnWidthOutlined,
  creditCard: CreditCardOutlined,
  downSquare: DownSquareOutlined,
  edit: EditOutlined,
  environment: EnvironmentOutlined,
  fieldTime: FieldTimeOutlined,
  fileText: FileTextOutlined,
  folderOpen: FolderOpenOutlined,
  fontColors: FontColorsOutlined,
  fontSize: FontSizeOutlined,
  form: FormOutlined,
  history: HistoryOutlined,
  idcard: IdcardOutlined,
  line: LineOutlined,
  lock: LockOutlined,
  number: NumberOutlined,
  orderedList: OrderedListOutlined,
  picture: PictureOutlined,
  qrcode: QrcodeOutlined,
  schedule: ScheduleOutlined,
  select: SelectOutlined,
  signature: SignatureOutlined,
  sliders: SlidersOutlined,
  star: StarOutlined,
  swap: SwapOutlined,
  table: TableOutlined,
  team: TeamOutlined,
  unorderedList: UnorderedListOutlined,
  upload: UploadOutlined,
  userAdd: UserAddOutlined,
  user: UserOutlined,
  userSwitch: UserSwitchOutlined,
} as const satisfies Record<string, ComponentType>;

export type PaletteIconName = keyof typeof paletteIcons;
