import { SmileOutlined } from '@ant-design/icons';
import Button from 'antd/es/button';
import Popover from 'antd/es/popover';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { emojiList } from '../emoji.ts';

/** shell.md §2.8: about 120 emoji; a click inserts one at the caret. */
export function EmojiPicker({ onPick }: { onPick: (emoji: string) => void }) {
  const { t } = useTranslation('chat');
  const [open, setOpen] = useState(false);
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="topLeft"
      content={
        <div className="chat-emoji-grid" role="listbox" aria-label={t('emoji')}>
          {emojiList.map((emoji) => (
            <button
              type="button"
              role="option"
              aria-selected={false}
              key={emoji}
              className="chat-emoji"
              onClick={() => {
                onPick(emoji);
                setOpen(false);
              }}
            >
              {emoji}
            </button>
          ))}
        </div>
      }
    >
      <Button type="text" size="small" icon={<SmileOutlined />} aria-label={t('emoji')} />
    </Popover>
  );
}
