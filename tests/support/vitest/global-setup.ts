import { makeRunImage } from '../migrated-image';

export default makeRunImage;
