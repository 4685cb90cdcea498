/** Page group "operator" (lazy): live chat and video screens. Built in a later issue. */
import { notAvailablePage } from '../../../shared/components/NotAvailablePanel';

export const pages = {
  chat: notAvailablePage('chat'),
  video: notAvailablePage('video'),
};
