/** Page group "operator" (lazy, spec §2): live chat and video screens. */
import { pages as operatorPages } from '../../features/operator/pages/operator-pages';
import ChatPage from '../../features/chat/pages/ChatPage';
import VideoPage from '../../features/calls/pages/VideoPage';

export const pages = { ...operatorPages, chat: ChatPage, video: VideoPage };
