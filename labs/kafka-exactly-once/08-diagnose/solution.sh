#!/usr/bin/env bash
# The reference answer of 08-diagnose, run at the repository root once the incident is in place. It reads WORK (the
# incident's work folder) and RUN (the suffix of its topic names), and defines what steps/intro.md defines.
BOOTSTRAP=localhost:9092
# The values of field $1 (eventId, event_id) in JSON lines on stdin, one per line.
field() { grep -o "\"$1\":\"[^\"]*\"" | cut -d'"' -f4 || true; }
# The lines of stdin that occur more than once, comma separated (sorted as numbers), or none.
repeats() { local r; r=$(sort -V | uniq -d | paste -sd, -); echo "${r:-none}"; }
ls $WORK

# step 1: did the producer store an order twice? The whole input, at read_committed as the pipeline reads it.
end=$(pnpm -s kafka kafka-get-offsets --bootstrap-server $BOOTSTRAP --topic orders$RUN | cut -d: -f3)
pnpm -s kafka kafka-console-consumer --bootstrap-server $BOOTSTRAP --topic orders$RUN --partition 0 --offset earliest \
  --isolation-level read_committed --max-messages $end --formatter-property print.offset=true > $WORK/input.txt
input_copies=$(field eventId < $WORK/input.txt | repeats)
echo "input_copies=$input_copies" | tee $WORK/diagnosis.txt

# step 2: did the pipeline group read an offset twice? Its members only; the replay job is another group.
grep -hE ' (assigned|revoked|lost|stopping|starting at) ' $WORK/pipeline-*.log || true
reread_offsets=$(cat $WORK/pipeline-*.log | awk '$3 == "consumed" { print $6 }' | repeats)
echo "reread_offsets=$reread_offsets" | tee -a $WORK/diagnosis.txt

# step 3: did the sink apply an event twice?
sink_repeats=$(grep '"table":"order_events"' $WORK/database.jsonl | field event_id | repeats)
echo "sink_repeats=$sink_repeats" | tee -a $WORK/diagnosis.txt

# step 4: the cause, the first place in the flow's order that shows copies
if [ "$input_copies" != none ]; then cause=producer
elif [ "$reread_offsets" != none ]; then cause=rebalance
else cause=sink; fi
echo "cause=$cause" | tee -a $WORK/diagnosis.txt
