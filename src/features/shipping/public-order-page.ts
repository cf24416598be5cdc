/** What the order page uses of shipping in the browser: the parcel block. */
export { showParcel } from './parcel-block';
