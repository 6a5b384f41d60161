// Ant Design's icons, the only way into them (ESLint refuses '@ant-design/icons' elsewhere).
//
// Ant Design draws an icon as role="img" named by its English file name ("plus", "delete",
// "search"). Inside a button or a link with words, that name becomes part of the button's:
// a screen reader said "plus เพิ่ม" in Thai (issue 29). Our icons stand beside words, or on
// an icon-only button named by its own translated aria-label, so each one here is hidden from
// assistive technology — unless it is given its own aria-label (a flag that means something
// alone), which names it instead.
import {
  ApiOutlined as AntApiOutlined,
  ArrowLeftOutlined as AntArrowLeftOutlined,
  ArrowRightOutlined as AntArrowRightOutlined,
  BookOutlined as AntBookOutlined,
  CameraOutlined as AntCameraOutlined,
  CheckCircleFilled as AntCheckCircleFilled,
  CloseCircleFilled as AntCloseCircleFilled,
  CloseCircleOutlined as AntCloseCircleOutlined,
  CoffeeOutlined as AntCoffeeOutlined,
  CopyOutlined as AntCopyOutlined,
  DatabaseOutlined as AntDatabaseOutlined,
  DeleteOutlined as AntDeleteOutlined,
  DownOutlined as AntDownOutlined,
  DownloadOutlined as AntDownloadOutlined,
  EditOutlined as AntEditOutlined,
  ExclamationCircleFilled as AntExclamationCircleFilled,
  ExportOutlined as AntExportOutlined,
  FileTextOutlined as AntFileTextOutlined,
  FormOutlined as AntFormOutlined,
  GlobalOutlined as AntGlobalOutlined,
  HistoryOutlined as AntHistoryOutlined,
  HomeOutlined as AntHomeOutlined,
  InboxOutlined as AntInboxOutlined,
  InfoCircleOutlined as AntInfoCircleOutlined,
  KeyOutlined as AntKeyOutlined,
  LeftOutlined as AntLeftOutlined,
  LogoutOutlined as AntLogoutOutlined,
  MailOutlined as AntMailOutlined,
  MenuOutlined as AntMenuOutlined,
  MinusCircleOutlined as AntMinusCircleOutlined,
  MobileOutlined as AntMobileOutlined,
  PlusOutlined as AntPlusOutlined,
  PrinterOutlined as AntPrinterOutlined,
  QrcodeOutlined as AntQrcodeOutlined,
  RedoOutlined as AntRedoOutlined,
  ReloadOutlined as AntReloadOutlined,
  RightOutlined as AntRightOutlined,
  SafetyOutlined as AntSafetyOutlined,
  ScanOutlined as AntScanOutlined,
  SearchOutlined as AntSearchOutlined,
  SendOutlined as AntSendOutlined,
  SettingOutlined as AntSettingOutlined,
  ShoppingCartOutlined as AntShoppingCartOutlined,
  StopOutlined as AntStopOutlined,
  SwapOutlined as AntSwapOutlined,
  SyncOutlined as AntSyncOutlined,
  LineChartOutlined as AntLineChartOutlined,
  TableOutlined as AntTableOutlined,
  TeamOutlined as AntTeamOutlined,
  UnlockOutlined as AntUnlockOutlined,
  UploadOutlined as AntUploadOutlined,
  UserAddOutlined as AntUserAddOutlined,
  UserOutlined as AntUserOutlined,
  WarningOutlined as AntWarningOutlined,
} from '@ant-design/icons';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';

type AntIcon = typeof AntPlusOutlined;
type IconProps = ComponentPropsWithoutRef<AntIcon>;

/** The icon, hidden from assistive technology unless it has its own aria-label. */
export function decorative(Icon: AntIcon): AntIcon {
  const Hidden = forwardRef<HTMLSpanElement, IconProps>((props, ref) => (
    <Icon aria-hidden={props['aria-label'] === undefined ? true : undefined} {...props} ref={ref} />
  ));
  Hidden.displayName = Icon.displayName;
  return Hidden;
}

export const ApiOutlined = decorative(AntApiOutlined);
export const ArrowLeftOutlined = decorative(AntArrowLeftOutlined);
export const ArrowRightOutlined = decorative(AntArrowRightOutlined);
export const BookOutlined = decorative(AntBookOutlined);
export const CameraOutlined = decorative(AntCameraOutlined);
export const CheckCircleFilled = decorative(AntCheckCircleFilled);
export const CloseCircleFilled = decorative(AntCloseCircleFilled);
export const CloseCircleOutlined = decorative(AntCloseCircleOutlined);
export const CoffeeOutlined = decorative(AntCoffeeOutlined);
export const CopyOutlined = decorative(AntCopyOutlined);
export const DatabaseOutlined = decorative(AntDatabaseOutlined);
export const DeleteOutlined = decorative(AntDeleteOutlined);
export const DownOutlined = decorative(AntDownOutlined);
export const DownloadOutlined = decorative(AntDownloadOutlined);
export const EditOutlined = decorative(AntEditOutlined);
export const ExclamationCircleFilled = decorative(AntExclamationCircleFilled);
export const ExportOutlined = decorative(AntExportOutlined);
export const FileTextOutlined = decorative(AntFileTextOutlined);
export const FormOutlined = decorative(AntFormOutlined);
export const GlobalOutlined = decorative(AntGlobalOutlined);
export const HistoryOutlined = decorative(AntHistoryOutlined);
export const HomeOutlined = decorative(AntHomeOutlined);
export const InboxOutlined = decorative(AntInboxOutlined);
export const InfoCircleOutlined = decorative(AntInfoCircleOutlined);
export const KeyOutlined = decorative(AntKeyOutlined);
export const LeftOutlined = decorative(AntLeftOutlined);
export const LogoutOutlined = decorative(AntLogoutOutlined);
export const MailOutlined = decorative(AntMailOutlined);
export const MenuOutlined = decorative(AntMenuOutlined);
export const MinusCircleOutlined = decorative(AntMinusCircleOutlined);
export const MobileOutlined = decorative(AntMobileOutlined);
export const PlusOutlined = decorative(AntPlusOutlined);
export const PrinterOutlined = decorative(AntPrinterOutlined);
export const QrcodeOutlined = decorative(AntQrcodeOutlined);
export const RedoOutlined = decorative(AntRedoOutlined);
export const ReloadOutlined = decorative(AntReloadOutlined);
export const RightOutlined = decorative(AntRightOutlined);
export const SafetyOutlined = decorative(AntSafetyOutlined);
export const ScanOutlined = decorative(AntScanOutlined);
export const SearchOutlined = decorative(AntSearchOutlined);
export const SendOutlined = decorative(AntSendOutlined);
export const SettingOutlined = decorative(AntSettingOutlined);
export const ShoppingCartOutlined = decorative(AntShoppingCartOutlined);
export const StopOutlined = decorative(AntStopOutlined);
export const SwapOutlined = decorative(AntSwapOutlined);
export const SyncOutlined = decorative(AntSyncOutlined);
export const LineChartOutlined = decorative(AntLineChartOutlined);
export const TableOutlined = decorative(AntTableOutlined);
export const TeamOutlined = decorative(AntTeamOutlined);
export const UnlockOutlined = decorative(AntUnlockOutlined);
export const UploadOutlined = decorative(AntUploadOutlined);
export const UserAddOutlined = decorative(AntUserAddOutlined);
export const UserOutlined = decorative(AntUserOutlined);
export const WarningOutlined = decorative(AntWarningOutlined);
