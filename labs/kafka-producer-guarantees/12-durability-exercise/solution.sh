#!/usr/bin/env bash
# The reference answer of 12-durability-exercise, run at the repository root on the 3-node cluster. It reads WORK (the
# work folder) and RUN (a suffix for the topic names: empty for a learner), and defines what steps/intro.md defines.
TOOLS=localhost:9092,localhost:9094,localhost:9096
PRODUCER="node --import tsx packages/producer/src/cli.ts"
PARTITION="node --import tsx labs/kafka-producer-guarantees/src/partition-cli.ts"
waitfor() { local pattern=$1; shift; for _ in $(seq 600); do grep -qE -- "$pattern" "$@" 2>/dev/null && return 0; sleep 0.2; done; echo "waitfor: no line matching '$pattern' in $* within 120 s" >&2; return 1; }
# describe TOPIC: the topic's partitions, leaders and ISRs as kafka-topics prints them
describe() { pnpm -s kafka kafka-topics --bootstrap-server $TOOLS --describe --topic $1; }
# isr_of FILE: the ISR of partition 0 in a saved describe, e.g. 3,1
isr_of() { grep -oE 'Isr: [0-9,]+' $1 | head -1 | cut -d' ' -f2; }
mkdir -p $WORK

# step 1: a topic that survives the loss of any one broker
pnpm -s kafka kafka-topics --bootstrap-server $TOOLS --create --topic orders$RUN --partitions 1 --replication-factor 3 --config min.insync.replicas=2
describe orders$RUN > $WORK/describe-created.txt

# step 2: an idempotent producer with acks=all, from a properties file
cat > $WORK/producer.properties <<PROPERTIES
bootstrap.servers=$TOOLS
acks=all
enable.idempotence=true
PROPERTIES
seq 1 20 | sed 's/^/A-/' | $PRODUCER orders$RUN true stdin --config $WORK/producer.properties > $WORK/produce-acks.log

# step 3: the leader killed mid-stream
describe orders$RUN > $WORK/describe-before-kill.txt
LEADER=$(grep -oE 'Leader: [0-9]+' $WORK/describe-before-kill.txt | cut -d' ' -f2)
for i in $(seq 1 100); do echo B-$i; sleep 0.5; done | $PRODUCER orders$RUN true stdin --config $WORK/producer.properties > $WORK/produce-kill.log &
P=$!
waitfor ' B-10 result: offset=' $WORK/produce-kill.log
pnpm broker kill --node $LEADER
wait $P
describe orders$RUN > $WORK/describe-after-kill.txt
pnpm -s kafka kafka-console-consumer --bootstrap-server $TOOLS --topic orders$RUN --from-beginning --timeout-ms 5000 --formatter-property print.offset=true > $WORK/orders-read.txt

# step 4: one broker down, acknowledged; a second one down, refused; both back
NEW_LEADER=$(grep -oE 'Leader: [0-9]+' $WORK/describe-after-kill.txt | cut -d' ' -f2)
SECOND=$(isr_of $WORK/describe-after-kill.txt | tr ',' '\n' | grep -vx $NEW_LEADER | head -1)
{ echo C-1; waitfor ' C-1 result: offset=' $WORK/produce-two-down.log; pnpm broker stop --node $SECOND >&2; echo C-2; } \
  | $PRODUCER orders$RUN true stdin --config $WORK/producer.properties message.timeout.ms=10000 debug=msg > $WORK/produce-two-down.log
pnpm broker restart --node $LEADER
pnpm broker restart --node $SECOND
for _ in $(seq 60); do describe orders$RUN > $WORK/describe-recovered.txt && [ "$(isr_of $WORK/describe-recovered.txt | tr ',' '\n' | wc -l)" = 3 ] && break; sleep 1; done

# step 5: predict where each client puts a key, then check
pnpm -s kafka kafka-topics --bootstrap-server $TOOLS --create --topic keyed$RUN --partitions 6 --replication-factor 3
KEYS=$(seq 1 12 | sed 's/^/user-/')
paste -d' ' <($PARTITION --partitions 6 --hash murmur2 $KEYS) <($PARTITION --partitions 6 --hash crc32 $KEYS | cut -d' ' -f2) > $WORK/predictions.txt
for key in $KEYS; do echo "$key:java"; done | pnpm -s kafka kafka-console-producer --bootstrap-server $TOOLS --topic keyed$RUN --reader-property parse.key=true --reader-property key.separator=:
$PRODUCER keyed$RUN false keys --count 12 --value librdkafka bootstrap.servers=$TOOLS > $WORK/produce-keys.log
pnpm -s kafka kafka-console-consumer --bootstrap-server $TOOLS --topic keyed$RUN --from-beginning --timeout-ms 5000 --formatter-property print.partition=true --formatter-property print.key=true > $WORK/keyed-read.txt
