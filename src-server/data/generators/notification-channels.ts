import type { RowGenerator } from '../row-generator.js';
import type { WorldContext } from '../world-context.js';
import { defineGenerator } from './define-generator.js';

const CHANNELS = [
  { en: 'Urgent alerts', nb: 'Viktige varsler', title: 'Important', message: 'Please read this message.' },
  { en: 'Shift changes', nb: 'Vaktendringer', title: 'Your shift changed', message: 'Open the app to see your new shift.' },
  { en: 'News digest', nb: 'Nyhetsoppsummering', title: 'This week', message: 'Here is what happened this week.' },
  { en: 'Training reminders', nb: 'Kurspåminnelser', title: 'Course due', message: 'You have a lesson to finish.' },
  { en: 'Task updates', nb: 'Oppgaveoppdateringer', title: 'Task assigned', message: 'A task was assigned to you.' },
  { en: 'Surveys', nb: 'Undersøkelser', title: 'New survey', message: 'Tell us what you think.' },
];

/** E21: notification channels (they carry no dates). */
export function notificationChannelsGenerator(ctx: WorldContext): RowGenerator {
  return defineGenerator({
    seed: ctx.seed,
    salt: 'notificationChannels',
    size: ctx.spec.notificationChannels,
    build(i, random, _t, id) {
      const channel = CHANNELS[i % CHANNELS.length]!;
      const suffix = i >= CHANNELS.length ? ` ${Math.floor(i / CHANNELS.length) + 1}` : '';
      return {
        id,
        name: channel.en + suffix,
        description: random.chance(0.7) ? `${channel.en} for everyone` : null,
        pushEnabled: random.chance(0.6),
        locales: [
          { culture: 'en-GB', channelName: channel.en + suffix, defaultTitle: channel.title, defaultMessage: channel.message },
          { culture: 'nb-NO', channelName: random.chance(0.8) ? channel.nb + suffix : null, defaultTitle: channel.title, defaultMessage: channel.message },
        ],
      };
    },
  });
}
