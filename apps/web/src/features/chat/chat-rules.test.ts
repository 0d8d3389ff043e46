import { describe, expect, test } from 'vitest';
import {
  checkImage,
  contactPageSize,
  contactScrollThreshold,
  historyPageSize,
  historyScrollThreshold,
  insertAt,
  maxImageBytes,
  openingPageSize,
  parseImage,
  sendableText,
  thumbSize,
} from './chat-rules.ts';
import { totalUnread, useChat } from './chat-store.ts';
import { emojiList } from './emoji.ts';

describe('constants of shell.md §9', () => {
  test('pages and thresholds', () => {
    expect([contactPageSize, historyPageSize, openingPageSize]).toEqual([20, 50, 30]);
    expect([contactScrollThreshold, historyScrollThreshold]).toEqual([300, 100]);
    expect(maxImageBytes).toBe(5242880);
  });
});

describe('emoji picker', () => {
  test('about 120 distinct emoji', () => {
    expect(emojiList.length).toBeGreaterThanOrEqual(110);
    expect(emojiList.length).toBeLessThanOrEqual(130);
    expect(new Set(emojiList).size).toBe(emojiList.length);
  });
  test('an emoji goes in at the caret, replacing a selection', () => {
    expect(insertAt('你好', 1, 1, '😀')).toEqual({ value: '你😀好', caret: 3 });
    expect(insertAt('abcdef', 1, 4, '👍')).toEqual({ value: 'a👍ef', caret: 3 });
    expect(insertAt('ab', 99, 99, '🎉')).toEqual({ value: 'ab🎉', caret: 4 });
  });
});

describe('input rules (shell.md §5 Chat)', () => {
  test.each([
    ['', null],
    ['   ', null],
    ['\n\n', null],
    [' hi ', ' hi '],
    ['😀', '😀'],
  ])('%j sends %j', (text, sent) => expect(sendableText(text)).toBe(sent));

  test('images only, one file, at most 5 MB', () => {
    expect(checkImage({ type: 'image/png', name: 'a.png', size: 5242880 })).toBe('ok');
    expect(checkImage({ type: 'image/png', name: 'a.png', size: 5242881 })).toBe('tooLarge');
    expect(checkImage({ type: 'application/pdf', name: 'a.pdf', size: 10 })).toBe('notImage');
    expect(checkImage({ type: '', name: 'a.JPG', size: 10 })).toBe('ok');
    expect(checkImage({ type: '', name: 'a.exe', size: 10 })).toBe('notImage');
  });

  test('image content: only our own image address is shown', () => {
    expect(parseImage('{"name":"a.png","width":10,"height":20,"path":"/api/file/Image/IM/a.png"}')).toEqual({
      name: 'a.png',
      width: 10,
      height: 20,
      path: '/api/file/Image/IM/a.png',
    });
    expect(parseImage('{"path":"javascript:alert(1)"}')).toBeNull();
    expect(parseImage('{"path":"https://evil/x.png"}')).toBeNull();
    expect(parseImage('nope')).toBeNull();
  });

  test('thumbnails fit in 200 × 200 keeping the aspect', () => {
    expect(thumbSize(400, 200)).toEqual({ width: 200, height: 100 });
    expect(thumbSize(50, 80)).toEqual({ width: 50, height: 80 });
    expect(thumbSize(null, null)).toEqual({ width: 200, height: 200 });
  });
});

describe('unread per conversation and the twinkle', () => {
  test('initMessage, receiveMessage and opening a chat', () => {
    useChat.setState({ unread: {}, activeUserId: null, lines: [] });
    const chat = () => useChat.getState();
    chat().onFrame(
      { method: 'initMessage', unreadNums: [{ formUserId: 'a', unreadNum: 2 }], onlineUsers: ['a'] },
      'me',
    );
    expect(totalUnread(chat().unread)).toBe(2);
    expect(chat().online.has('a')).toBe(true);
    chat().onFrame(
      { method: 'receiveMessage', formUserId: 'b', messageType: 'text', formMessage: 'hi', dateTime: 5 },
      'me',
    );
    expect(chat().unread).toEqual({ a: 2, b: 1 });
    chat().clearUnread('a');
    chat().clearUnread('b');
    expect(totalUnread(chat().unread)).toBe(0);
    chat().onFrame({ method: 'Offline', userId: 'a' }, 'me');
    expect(chat().online.has('a')).toBe(false);
  });
  test('messages of the open chat append instead of counting as unread; my echo appends too', () => {
    useChat.setState({ unread: {}, activeUserId: 'b', lines: [] });
    const chat = () => useChat.getState();
    chat().onFrame(
      { method: 'receiveMessage', formUserId: 'b', messageType: 'text', formMessage: 'hi', dateTime: 5 },
      'me',
    );
    chat().onFrame(
      { method: 'sendMessage', UserId: 'me', toUserId: 'b', messageType: 'text', toMessage: 'yo', dateTime: 6 },
      'me',
    );
    expect(chat().unread).toEqual({});
    expect(chat().lines.map((l) => [l.sendUserId, l.content])).toEqual([
      ['b', 'hi'],
      ['me', 'yo'],
    ]);
  });
});
