import { globalKeyframes } from '@vanilla-extract/css';

globalKeyframes('atelier-spin', { to: { transform: 'rotate(360deg)' } });
