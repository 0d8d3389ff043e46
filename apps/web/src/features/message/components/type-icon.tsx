import { ApartmentOutlined, CalendarOutlined, InfoCircleOutlined, SoundOutlined } from '@ant-design/icons';

const colours: Record<number, string> = { 1: '#1677ff', 2: '#52c41a', 3: '#fa8c16', 4: '#722ed1' };

/** shell.md §2.7: the icons of the four message types (1 system, 2 flow, 3 notice, 4 schedule). */
export function MessageTypeIcon({ type }: { type: number }) {
  const style = { color: colours[type] ?? colours[1] };
  if (type === 2) return <ApartmentOutlined style={style} />;
  if (type === 3) return <SoundOutlined style={style} />;
  if (type === 4) return <CalendarOutlined style={style} />;
  return <InfoCircleOutlined style={style} />;
}
