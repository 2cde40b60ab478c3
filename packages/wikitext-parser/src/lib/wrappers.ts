/** The block nodes pass 2 opens and fills through a sink of their own (types only). */
import type { TextSink } from './text-sink.js'
import type {
  List,
  ListItem,
  Preformatted,
  Table,
  TableCaption,
  TableCell,
  TableRow,
} from './types.js'

/** A node whose children are written through a sink of their own. */
export type Wrapper = List | ListItem | Preformatted | Table | TableRow | TableCell | TableCaption

/** Opens wrappers: the children of each are written through the sink `open` returns. */
export interface Opener {
  open(node: Wrapper): TextSink
}
