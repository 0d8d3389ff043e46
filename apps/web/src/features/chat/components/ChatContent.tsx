import Image from 'antd/es/image';
import { useTranslation } from 'react-i18next';
import { parseImage, thumbSize } from '../chat-rules.ts';
import type { ChatLine } from '../chat-store.ts';

/** One message's content: text as text (React escapes it), an image as a bounded thumbnail. */
export function ChatContent({ line }: { line: Pick<ChatLine, 'contentType' | 'content'> }) {
  const { t } = useTranslation('chat');
  if (line.contentType === 'image') {
    const image = parseImage(line.content);
    if (!image) return <span>{t('imageMessage')}</span>;
    const size = thumbSize(image.width, image.height);
    return <Image src={image.path} alt={image.name || t('image')} width={size.width} height={size.height} />;
  }
  if (line.contentType === 'voice') return <span>{t('voiceMessage')}</span>;
  return <span className="chat-text">{line.content}</span>;
}

/** The one-line preview of a conversation's latest message. */
export function latestPreview(type: string | null, text: string | null, t: (key: string) => string): string {
  if (type === 'image') return t('imageMessage');
  if (type === 'voice') return t('voiceMessage');
  return text ?? '';
}
