import type { VisualDevInfo } from '@platform/shared';

/** The 请假单 model as `Base/{id}` answers it before its first release, with `formData` as given. */
export const leaveModel = (formData: string): VisualDevInfo => ({
  id: '1001',
  fullName: '请假单',
  enCode: 'leave',
  category: '',
  type: 1,
  webType: 2,
  enableFlow: 0,
  isRelease: 0,
  enabledMark: 0,
  sortCode: 0,
  creatorTime: null,
  creatorUser: '',
  lastModifyTime: null,
  lastModifyUser: '',
  dbLinkId: '',
  description: '',
  tables: '',
  formData,
  columnData: '',
  appColumnData: '',
  interfaceId: '',
  interfaceName: '',
  interfaceParam: '',
});
