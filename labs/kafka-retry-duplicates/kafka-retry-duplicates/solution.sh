#!/usr/bin/env bash
# The reference answer of kafka-retry-duplicates, run at the repository root. It reads WORK (the work folder) and RUN
# (a suffix for the topic names: empty for a learner), and defines what steps/intro.md defines.
pnpm broker up
BOOTSTRAP=localhost:9532
DATA=$(pnpm -s broker status | sed -n 's/^data: *//p')
mkdir -p $WORK
pnpm kafka-lab-slow off

# step 1: two records with the default producer
pnpm -s kafka kafka-topics --bootstrap-server $BOOTSTRAP --create --topic payments$RUN --partitions 1 --replication-factor 1
printf 'pay-1\npay-2\n' | pnpm -s kafka kafka-console-producer --bootstrap-server $BOOTSTRAP --topic payments$RUN

# step 2: the default producer is idempotent
pnpm -s kafka kafka-dump-log --files $DATA/payments$RUN-0/00000000000000000000.log --print-data-log > $WORK/dump-default.txt

# step 3: without idempotence there is no producer id
echo pay-3 | pnpm -s kafka kafka-console-producer --bootstrap-server $BOOTSTRAP --topic payments$RUN --command-property enable.idempotence=false
pnpm -s kafka kafka-dump-log --files $DATA/payments$RUN-0/00000000000000000000.log --print-data-log > $WORK/dump-noidem.txt

# step 4: retries make a second arrival
head -c 5000 /dev/zero | tr '\0' x > $WORK/big.txt; echo >> $WORK/big.txt
pnpm kafka-lab-slow on
pnpm -s kafka kafka-topics --bootstrap-server $BOOTSTRAP --create --topic payments-dup$RUN --partitions 1 --replication-factor 1
pnpm -s kafka kafka-console-producer --bootstrap-server $BOOTSTRAP --topic payments-dup$RUN \
  --command-property enable.idempotence=false --command-property request.timeout.ms=300 \
  --command-property delivery.timeout.ms=2000 --command-property retries=2 --command-property max.block.ms=10000 \
  < $WORK/big.txt 2> $WORK/dup-producer.log
pnpm kafka-lab-slow off

# step 5: the idempotent producer keeps one copy
pnpm kafka-lab-slow on
pnpm -s kafka kafka-topics --bootstrap-server $BOOTSTRAP --create --topic payments-idem$RUN --partitions 1 --replication-factor 1
pnpm -s kafka kafka-console-producer --bootstrap-server $BOOTSTRAP --topic payments-idem$RUN \
  --command-property enable.idempotence=true --command-property request.timeout.ms=300 \
  --command-property delivery.timeout.ms=2000 --command-property retries=2 --command-property max.block.ms=10000 \
  < $WORK/big.txt 2> $WORK/idem-producer.log
pnpm kafka-lab-slow off

# step 6: separate sessions are not deduplicated
pnpm -s kafka kafka-topics --bootstrap-server $BOOTSTRAP --create --topic payments-app$RUN --partitions 1 --replication-factor 1
echo pay-77 | pnpm -s kafka kafka-console-producer --bootstrap-server $BOOTSTRAP --topic payments-app$RUN
echo pay-77 | pnpm -s kafka kafka-console-producer --bootstrap-server $BOOTSTRAP --topic payments-app$RUN
pnpm -s kafka kafka-dump-log --files $DATA/payments-app$RUN-0/00000000000000000000.log --print-data-log > $WORK/two-sessions.txt

# step 7: the record counts of the three topics
copies() { pnpm -s kafka kafka-get-offsets --bootstrap-server $BOOTSTRAP --topic "$1" | cut -d: -f3; }
cat > $WORK/producer-report.txt <<REPORT
dup_copies=$(copies payments-dup$RUN)
idem_copies=$(copies payments-idem$RUN)
two_sessions_copies=$(copies payments-app$RUN)
acks_default=all
idempotence_default=true
REPORT
cat $WORK/producer-report.txt
pnpm kafka-lab-slow stop
