/** Page group "operator" (lazy, spec §2): live chat and video screens. */
export { pages } from '../../features/operator/pages/operator-pages';
