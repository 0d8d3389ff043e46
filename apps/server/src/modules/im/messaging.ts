import path from 'node:path';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import type { App } from '../../core/app-types.ts';
import { JobRunner } from '../jobs/job-runner.ts';
import messageRoutes from '../message/message.routes.ts';
import { MessageService } from '../message/message.service.ts';
import messageTemplateRoutes from '../msgTemplate/msg-template.routes.ts';
import noticeRoutes from '../notice/notice.routes.ts';
import scheduleRoutes from '../schedule/schedule.routes.ts';
import { ScheduleService } from '../schedule/schedule.service.ts';
import { ChannelRegistry } from '../sendConfig/channels.ts';
import sendConfigRoutes from '../sendConfig/send-config.routes.ts';
import imRoutes from './im.routes.ts';
import { ImService } from './im.service.ts';
import { SocketHub } from './socket-hub.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background jobs (schedule reminders), kept in the `job` table. */
    jobs: JobRunner;
    /** This instance's chat sockets. */
    socketHub: SocketHub;
    /** Senders of the message channels (SMS, DingTalk, WeCom, ...); replace one with `use`. */
    messageChannels: ChannelRegistry;
  }
}

/**
 * Messages, notices, templates and send configurations, schedules with their reminder jobs, and
 * chat over WebSocket. The job runner starts when the server is ready and stops before it closes.
 */
export async function installMessaging(app: App) {
  if (!app.hasPlugin('@fastify/websocket')) {
    await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  }
  if (!app.hasPlugin('@fastify/multipart')) {
    await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024 + 1, files: 1, fields: 20 } });
  }
  const config = app.config;
  const messages = new MessageService(app.db, app.bus);
  const imageDir = path.join(config.dataDir, 'files', 'im');
  const im = new ImService(app.db, imageDir);
  const hub = new SocketHub(app.bus, app.sessions, im, messages, app.log, {
    heartbeatMs: config.socketHeartbeatMs ?? 30_000,
  });
  const jobs = new JobRunner(app.db, app.log, config.jobPollMs ?? 5_000);
  const schedules = new ScheduleService(app.db, app.bus);
  schedules.registerJobs(jobs);
  const channels = new ChannelRegistry(app.sysConfig);
  app.decorate('jobs', jobs);
  app.decorate('socketHub', hub);
  app.decorate('messageChannels', channels);

  app.addHook('onReady', async () => jobs.start());
  app.addHook('preClose', async () => {
    await jobs.stop();
    await hub.close();
  });

  await app.register(messageRoutes);
  await app.register(noticeRoutes);
  await app.register(messageTemplateRoutes);
  await app.register(sendConfigRoutes, { channels });
  await app.register(scheduleRoutes, { schedules });
  await app.register(imRoutes, { im, hub, imageDir });
}
