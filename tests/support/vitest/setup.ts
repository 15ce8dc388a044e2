import { startFromRunImage } from '../migrated-image';

startFromRunImage();
