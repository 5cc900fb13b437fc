/** The designer's and the meeting's working copy of segments, and its way to and from the API. */
import {
  type AgendaTemplate,
  type AgendaView,
  SEGMENT_KINDS,
  type Segment,
  type SegmentIcon,
  type SegmentInput,
  type SegmentKind,
  segmentsFromTemplate,
} from '@tandem/shared/agendas/agendas';

export interface DraftSegment {
  /** React's key: the stored id, or a local one until saved. */
  key: string;
  id?: string;
  name: string;
  title: string;
  description: string;
  icon: SegmentIcon;
  segmentTemplate: SegmentKind;
  segmentData: Segment['segmentData'];
  task: { id: string } | null;
  minutes: number;
  timeSpent: number;
}

let seq = 0;
const localKey = () => `local-${++seq}`;

export const newDraftSegment = (kind: SegmentKind): DraftSegment => ({
  key: localKey(),
  name: SEGMENT_KINDS[kind].name,
  title: '',
  description: '',
  icon: SEGMENT_KINDS[kind].icon,
  segmentTemplate: kind,
  segmentData: [],
  task: null,
  minutes: 5,
  timeSpent: 0,
});

export const draftFromAgenda = (a: AgendaView): DraftSegment[] =>
  a.segments.map((s) => ({ ...s, key: s.id }));

export const draftFromTemplate = (t: AgendaTemplate): DraftSegment[] =>
  segmentsFromTemplate(t).map((s) => ({
    key: localKey(),
    name: s.name,
    title: s.title,
    description: s.description,
    icon: s.icon,
    segmentTemplate: s.segmentTemplate,
    segmentData: [],
    task: null,
    minutes: s.minutes,
    timeSpent: 0,
  }));

/** What the API takes (the server numbers the segments in this order). */
export const segmentsInput = (segments: readonly DraftSegment[]): SegmentInput[] =>
  segments.map(({ key: _key, ...s }) => ({ ...s, segmentData: s.segmentData.map((d) => ({ ...d })) }));
