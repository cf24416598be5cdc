export { isRequestKey, requestKey } from '../../../domain/prescription-request-link';
