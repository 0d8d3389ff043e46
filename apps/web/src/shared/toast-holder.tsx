import type { MessageInstance } from 'antd/es/message/interface';
import useMessage from 'antd/es/message/useMessage';
import { useEffect } from 'react';

/** antd's context-aware message holder; loaded by toast.tsx when the first toast is wanted. */
export default function ToastHolder({ onReady }: { onReady: (api: MessageInstance) => void }) {
  const [api, holder] = useMessage({ maxCount: 3 });
  useEffect(() => onReady(api), [api, onReady]);
  return holder;
}
