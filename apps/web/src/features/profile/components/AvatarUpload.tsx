import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { checkImageBeforeUpload } from '@platform/shared';
import { useQueryClient } from '@tanstack/react-query';
import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import type { UploadProps } from 'antd/es/upload';
import Upload from 'antd/es/upload';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/store.ts';
import { useToast } from '../../../shared/toast.tsx';
import { avatarMaxMb, profileApi } from '../api.ts';

/** Avatar upload: image, at most 5 MB, checked before sending; then made the own avatar. */
export function AvatarUpload({ src }: { src?: string }) {
  const { t } = useTranslation('profile');
  const toast = useToast();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const props: UploadProps = {
    accept: 'image/*',
    showUploadList: false,
    beforeUpload: (file) => {
      const problem = checkImageBeforeUpload(
        { name: file.name, size: file.size, type: file.type },
        { fileSize: avatarMaxMb, sizeUnit: 'MB' },
      );
      if (problem) {
        toast.error(problem);
        return Upload.LIST_IGNORE;
      }
      return true;
    },
    customRequest: ({ file, onSuccess, onError }) => {
      const blob = file as File;
      setBusy(true);
      profileApi
        .uploadAvatar(blob, blob.name || 'avatar.png')
        .then((uploaded) => profileApi.setAvatar(uploaded.name).then(() => uploaded))
        .then((uploaded) => {
          onSuccess?.(uploaded);
          // The server stores the upload's url as headIcon; the navbar reads it from the session.
          useSession.getState().patchUserInfo({ headIcon: uploaded.url });
          toast.success({ content: t('avatar.changed'), duration: 1.5 });
          queryClient.invalidateQueries({ queryKey: ['profile', 'baseInfo'] });
        })
        .catch((error: Error) => onError?.(error))
        .finally(() => setBusy(false));
    },
  };
  return (
    <div className="profile-avatar">
      <Avatar size={64} src={src || undefined} icon={<UserOutlined />} />
      <Upload {...props}>
        <Button size="small" icon={<UploadOutlined />} loading={busy}>
          {t('avatar.change')}
        </Button>
      </Upload>
    </div>
  );
}
