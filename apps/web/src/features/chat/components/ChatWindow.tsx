import { HistoryOutlined, PictureOutlined } from '@ant-design/icons';
import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Spin from 'antd/es/spin';
import { type KeyboardEvent, type RefObject, type UIEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageSocket } from '../../../shared/api/ws.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { useToast } from '../../../shared/toast.tsx';
import { chatApi } from '../api.ts';
import { checkImage, historyScrollThreshold, insertAt, openingPageSize, sendableText } from '../chat-rules.ts';
import { type ChatLine, requestHistory, useChat } from '../chat-store.ts';
import { ChatContent } from './ChatContent.tsx';
import { EmojiPicker } from './EmojiPicker.tsx';
import { HistoryPanel } from './HistoryPanel.tsx';

export interface ChatPeer {
  id: string;
  realName: string;
  account: string;
  headIcon?: string | null;
}

function imageSize(file: Blob): Promise<{ width: number | null; height: number | null }> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const img = new window.Image();
    img.onload = () => {
      resolve({ width: img.naturalWidth, height: img.naturalHeight });
      URL.revokeObjectURL(url);
    };
    img.onerror = () => {
      resolve({ width: null, height: null });
      URL.revokeObjectURL(url);
    };
    img.src = url;
  });
}

/** shell.md §2.8 chat window: header, messages, emoji, image, history, 3-row input, Enter sends. */
export function ChatWindow({ me, peer, onClose }: { me: string; peer: ChatPeer; onClose: () => void }) {
  const { t } = useTranslation('chat');
  const online = useChat((s) => s.online.has(peer.id));
  const [text, setText] = useState('');
  const [historyOpen, setHistoryOpen] = useState(false);
  const { lines, loading, listRef, onScroll, stickToEnd } = useChatHistory(me, peer.id);
  const { uploading, fileRef, sendImage } = useImageSend(peer.id, stickToEnd);
  const inputRef = useRef<HTMLTextAreaElement | null>(null);

  const send = () => {
    const content = sendableText(text);
    if (content === null) return;
    stickToEnd.current = true;
    messageSocket.send({ method: 'SendMessage', toUserId: peer.id, messageType: 'text', messageContent: content });
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  const insertEmoji = (emoji: string) => {
    const el = inputRef.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    const next = insertAt(text, start, end, emoji);
    setText(next.value);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.caret, next.caret);
    });
  };

  return (
    <Modal
      open
      onCancel={onClose}
      footer={null}
      mask={false}
      width={historyOpen ? 900 : 620}
      className="chat-window"
      title={
        <div className="chat-window-title">
          <Avatar size={28} src={peer.headIcon || undefined}>
            {peer.realName.slice(0, 1)}
          </Avatar>
          <span>
            {peer.realName}/{peer.account}
          </span>
          <span className={`chat-presence ${online ? 'online' : ''}`}>{online ? t('online') : t('offline')}</span>
        </div>
      }
    >
      <div className="chat-window-body">
        <div className="chat-window-main">
          <div
            className="chat-lines"
            ref={listRef}
            onScroll={onScroll}
            data-testid="chat-lines"
            // A conversation log: screen readers announce incoming lines as they arrive.
            role="log"
            aria-live="polite"
          >
            {loading && (
              <div className="chat-center">
                <Spin size="small" />
              </div>
            )}
            <ChatLineList lines={lines} me={me} />
          </div>
          <div className="chat-toolbar">
            <EmojiPicker onPick={insertEmoji} />
            <Button
              type="text"
              size="small"
              icon={<PictureOutlined />}
              aria-label={t('image')}
              loading={uploading}
              onClick={() => fileRef.current?.click()}
            />
            <input
              ref={fileRef}
              type="file"
              accept="image/*"
              hidden
              data-testid="chat-image-input"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) void sendImage(file);
              }}
            />
            <Button
              type={historyOpen ? 'link' : 'text'}
              size="small"
              icon={<HistoryOutlined />}
              aria-label={t('history')}
              onClick={() => setHistoryOpen((o) => !o)}
            >
              {t('history')}
            </Button>
          </div>
          <Input.TextArea
            ref={(instance) => {
              inputRef.current = instance?.resizableTextArea?.textArea ?? null;
            }}
            rows={3}
            value={text}
            maxLength={5000}
            placeholder={t('inputPlaceholder')}
            aria-label={t('inputPlaceholder')}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            style={{ resize: 'none' }}
          />
          <div className="chat-send">
            <Button type="primary" onClick={send} disabled={!sendableText(text)}>
              {t('send')}
            </Button>
          </div>
        </div>
        {historyOpen && <HistoryPanel me={me} other={peer.id} otherName={peer.realName} />}
      </div>
    </Modal>
  );
}

/**
 * The conversation with one peer: opening it makes it the active chat, clears its unread count and
 * loads the last page; scrolling to the top loads the page before, keeping the reader's place.
 */
function useChatHistory(me: string, peerId: string) {
  const lines = useChat((s) => s.lines);
  const [loading, setLoading] = useState(true);
  const [page, setPage] = useState(1);
  const [total, setTotal] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);
  const stickToEnd = useRef(true);

  // Opening a chat: it becomes the active one, its unread count goes to 0, the last 30 load.
  useEffect(() => {
    const chat = useChat.getState();
    chat.setActive(peerId);
    chat.clearUnread(peerId);
    messageSocket.send({ method: 'UpdateReadMessage', formUserId: peerId });
    let live = true;
    requestHistory({ toUserId: peerId, formUserId: me, currentPage: 1, pageSize: openingPageSize, sord: 'desc' })
      .then((result) => {
        if (!live) return;
        useChat.getState().setLines([...result.list].reverse());
        setTotal(result.pagination.total);
      })
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
      useChat.getState().setActive(null);
    };
  }, [peerId, me]);

  useLayoutEffect(() => {
    const el = listRef.current;
    if (el && stickToEnd.current) el.scrollTop = el.scrollHeight;
  });

  const loadOlder = async () => {
    if (loading || lines.length >= total) return;
    setLoading(true);
    const el = listRef.current;
    const before = el ? el.scrollHeight - el.scrollTop : 0;
    try {
      const next = page + 1;
      const result = await requestHistory({
        toUserId: peerId,
        formUserId: me,
        currentPage: next,
        pageSize: openingPageSize,
        sord: 'desc',
      });
      stickToEnd.current = false;
      useChat.getState().setLines([...[...result.list].reverse(), ...useChat.getState().lines]);
      setPage(next);
      setTotal(result.pagination.total);
      requestAnimationFrame(() => {
        if (el) el.scrollTop = el.scrollHeight - before;
      });
    } catch {
      // the socket dropped: the user can scroll again
    } finally {
      setLoading(false);
    }
  };

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    stickToEnd.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
    if (el.scrollTop <= historyScrollThreshold) void loadOlder();
  };
  return { lines, loading, listRef, onScroll, stickToEnd };
}

/** Sending a picture: checked for kind and size, uploaded, then sent with its dimensions. */
function useImageSend(peerId: string, stickToEnd: RefObject<boolean>) {
  const { t } = useTranslation('chat');
  const toast = useToast();
  const [uploading, setUploading] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const sendImage = async (file: File) => {
    const check = checkImage(file);
    if (check === 'tooLarge') {
      toast.error({ content: t('imageTooLarge'), duration: 1.5 });
      return;
    }
    if (check === 'notImage') {
      toast.error({ content: t('imageOnly'), duration: 1.5 });
      return;
    }
    setUploading(true);
    try {
      const [uploaded, size] = await Promise.all([chatApi.uploadImage(file, file.name), imageSize(file)]);
      stickToEnd.current = true;
      messageSocket.send({
        method: 'SendMessage',
        toUserId: peerId,
        messageType: 'image',
        messageContent: { name: uploaded.name, width: size.width, height: size.height },
      });
    } catch {
      // the upload call showed the server's message
    } finally {
      setUploading(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  };
  return { uploading, fileRef, sendImage };
}

/** The lines of the conversation, each with its time, mine on one side and theirs on the other. */
function ChatLineList({ lines, me }: { lines: readonly ChatLine[]; me: string }) {
  return (
    <>
      {lines.map((line, index) => {
        const mine = line.sendUserId === me;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: chat lines carry no id on the wire; the list only grows at its ends
          <div key={`${line.sendTime}-${index}`} className={`chat-line ${mine ? 'mine' : 'theirs'}`}>
            <div className="chat-line-time">{formatDateTime(line.sendTime)}</div>
            <div className="chat-bubble">
              <ChatContent line={line} />
            </div>
          </div>
        );
      })}
    </>
  );
}
